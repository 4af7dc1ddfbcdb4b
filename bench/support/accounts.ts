import { execFile } from "node:child_process"
import { promisify } from "node:util"

/** A person signed in to the benchmark's server: their session and id. */
export interface SignedIn {
  readonly cookie: string
  readonly userId: string
}

/** Every password a benchmark's people sign up with. */
const password = "secret-password"

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(body),
  })

/** The session an answer's cookies carry, as a `cookie` header. */
export const cookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ")

/** A new account made through the API, signed in: `<username>@bench.test` unless `email` says otherwise. */
export const register = async (
  base: string,
  username: string,
  details: { readonly email?: string; readonly name?: string } = {},
): Promise<SignedIn> => {
  const answer = await post(base, "/api/register", {
    username,
    email: details.email ?? `${username}@bench.test`,
    password,
    name: details.name ?? "Bench Person",
    acceptTerms: true,
  })
  if (answer.status !== 201) {
    throw new Error(`registering ${username}: ${answer.status} ${await answer.text()}`)
  }
  const cookie = cookieOf(answer)
  return { cookie, userId: ((await answer.json()) as { user: { id: string } }).user.id }
}

/** A new session of an existing account. */
export const signIn = async (base: string, username: string) => {
  const answer = await post(base, "/api/login", { username, password })
  if (!answer.ok) throw new Error(`signing in ${username}: ${answer.status} ${await answer.text()}`)
  return cookieOf(answer)
}

/** Makes an account an administrator the way an operator does: `npm run cli -- grant-admin`. */
export const grantAdmin = async (databaseUrl: string, username: string) => {
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "app/cli.ts", "grant-admin", username],
    { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" } },
  )
}

/** A new administrator, signed in after the role was granted. */
export const registerAdmin = async (base: string, databaseUrl: string, username: string) => {
  const { userId } = await register(base, username)
  await grantAdmin(databaseUrl, username)
  return { userId, cookie: await signIn(base, username) }
}
