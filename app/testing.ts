import { join } from "node:path"
import { HttpServer } from "@effect/platform"
import { ConfigProvider, Effect, Layer, Option } from "effect"
import { awaitPosition, EventStore, Position } from "#events/store/index.ts"
import { describeWith, TestDatabase, type TestDatabaseOptions } from "#events/testing.ts"
import { deliverMail, Identity, sendVerification } from "#modules/identity/index.ts"
import { projectionSubscriptionName } from "#projections/runner.ts"
import { runDueJobs } from "#toolkit/job-worker.ts"
import { AppConfig, type AppConfigShape } from "./config.ts"
import { trustNoProxy } from "./http/client-address.ts"
import { jobKinds } from "./jobs.ts"
import { foundation, Startup } from "./layers.ts"
import { projections } from "./projections.ts"
import { reactions } from "./reactions.ts"
import { HttpLive } from "./server.ts"
import { clientOf } from "./testing-client.ts"
import { ProjectionsLive, ReactionsLive } from "./workers.ts"

export const testConfig = (overrides: Partial<AppConfigShape> = {}): AppConfigShape => ({
  port: 0,
  host: "127.0.0.1",
  appUrl: "http://127.0.0.1",
  databaseUrl: Option.none(),
  databasePoolSize: 10,
  dataDir: "/tmp/melody-test-data",
  embeddedPostgresPort: 0,
  webDist: "/nonexistent",
  // The one `npm run build` makes: the first views a test asks for are drawn by the app's components.
  webRenderer: join(import.meta.dirname, "..", "web", "dist-ssr", "server-entry.js"),
  logLevel: "warn",
  contactEmail: "privacy@example.test",
  trustProxy: trustNoProxy,
  liveStreamsPerProcess: 1_000,
  ...overrides,
})

export interface TestAppOptions {
  readonly config?: Partial<AppConfigShape>
  readonly database?: TestDatabaseOptions
  /** Environment variables the modules read (rate limits, token lifetimes...). */
  readonly env?: Record<string, string>
}

/**
 * The whole HTTP server on a random port, on the test file's own database, with every module, its
 * projections and reactions. Background jobs do not run by themselves: tests run them with `runJobs`.
 */
export const TestApp = (options: TestAppOptions = {}) =>
  Layer.mergeAll(HttpLive, Startup, ProjectionsLive, ReactionsLive).pipe(
    Layer.provideMerge(foundation(TestDatabase(options.database))),
    Layer.provide(Layer.succeed(AppConfig, testConfig(options.config))),
    Layer.provide(
      Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(options.env ?? {})))),
    ),
  )

export const describeApp = (options: TestAppOptions = {}) => describeWith(TestApp(options))

/** Runs every background job that is due, as the worker would. */
export const runJobs = runDueJobs(jobKinds)

/**
 * Waits until every projection and reaction has processed everything committed so far, including what
 * reactions append along the way.
 */
export const settle = Effect.gen(function* () {
  const names = [
    ...reactions.map((reaction) => reaction.name),
    ...projections.map(projectionSubscriptionName),
  ]
  // The last committed event, not the store's head: the head stops short of events committed while an
  // older transaction is still open, and waiting for it alone would return before they are handled.
  const { lastCommitted } = yield* EventStore
  let head = yield* lastCommitted
  // Bounded, so that a test whose events never stop coming fails saying so.
  for (let round = 0; round < 50; round++) {
    for (const name of names) {
      const reached = yield* awaitPosition(name, head, "10 seconds")
      if (!reached) return yield* Effect.die(new Error(`${name} did not catch up`))
    }
    const next = yield* lastCommitted
    if (Position.compare(next, head) === 0) return
    head = next
  }
  return yield* Effect.die(new Error("events kept coming: settle gave up after 50 rounds"))
}).pipe(Effect.orDie)

/** The server's address, for fetch. */
export const serverUrl = Effect.map(HttpServer.HttpServer, (server) => {
  const address = server.address
  return address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
})

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
  readonly text: string
  /** The body as it came, for files. */
  readonly bytes: Uint8Array
}

/** An answer's body three ways: parsed JSON where it is JSON, its text, and its bytes. */
export const answerOf = async (response: Response): Promise<Answer> => {
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body, text, bytes }
}

/** A request to the test server, answered with the parsed JSON body when there is one. */
export const request = (path: string, init: RequestInit = {}) =>
  Effect.flatMap(serverUrl, (base) => Effect.promise(() => fetch(base + path, init).then(answerOf)))

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })

/**
 * A browser, as far as the server can tell: it keeps the cookies it is given and sends them back, and says
 * where its requests come from.
 */
export const browser = () => {
  const cookies = new Map<string, string>()
  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const [name = "", value = ""] = pair.split("=")
      const expired = attributes.some(
        (a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()),
      )
      if (value === "" || expired) cookies.delete(name.trim())
      else cookies.set(name.trim(), value)
    }
  }
  const send = (path: string, init: RequestInit = {}) =>
    Effect.flatMap(serverUrl, (base) =>
      Effect.promise(async (): Promise<Answer> => {
        const headers = new Headers(init.headers)
        headers.set("origin", base)
        if (cookies.size > 0)
          headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "))
        const response = await fetch(base + path, {
          ...init,
          headers,
          signal: AbortSignal.timeout(60_000),
        }).catch((cause: unknown) => {
          if (!(cause instanceof DOMException && cause.name === "TimeoutError")) throw cause
          throw new Error(`${init.method ?? "GET"} ${path} had no answer within 60 s`, { cause })
        })
        remember(response.headers)
        return answerOf(response)
      }),
    )
  return {
    cookies,
    get: (path: string) => send(path),
    post: (path: string, body: unknown = {}) =>
      send(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    put: (path: string, body: unknown = {}) =>
      send(path, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    patch: (path: string, body: unknown = {}) =>
      send(path, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    send,
  }
}

let people = 0

/** A person's credits once every reaction has caught up (grants, debits, refunds). */
export const balanceOf = (person: ReturnType<typeof browser>) =>
  Effect.flatMap(settle, () =>
    Effect.flatMap(clientOf(person), (api) =>
      Effect.map(api.creditLedger.credits(), (view) => view.credits),
    ),
  ).pipe(Effect.orDie)

/** A new account, signed in, its address not verified: its browser, and the user as the server describes it. */
export const signUpUnverified = (prefix = "person", email?: string) =>
  Effect.gen(function* () {
    people += 1
    const id = `${Date.now().toString(36)}${people}`
    const person = browser()
    const { user } = yield* Effect.flatMap(clientOf(person), (api) =>
      api.identity.register({
        payload: {
          username: `${prefix}_${id}`,
          email: email ?? `${prefix}_${id}@example.com`,
          password: "secret-password",
          name: "Test Person",
          acceptTerms: true,
        },
      }),
    ).pipe(Effect.orDieWith((error) => new Error(`sign-up failed: ${String(error)}`)))
    return { person, user }
  })

/** Follows the verification link mailed to this address, from the development mailbox. */
export const verifyAddress = (email: string) =>
  Effect.gen(function* () {
    yield* runDueJobs([sendVerification, deliverMail])
    const api = yield* clientOf()
    const mailbox = yield* Effect.orDie(api.identity.mailbox())
    const link = mailbox.messages
      .find((message) => message.to === email)
      ?.links.find((l) => l.includes("/verify-email?token="))
    const token = link === undefined ? null : new URL(link).searchParams.get("token")
    if (token === null) return yield* Effect.die(new Error(`no verification mail to ${email}`))
    yield* api.identity
      .verifyEmail({ urlParams: { token } })
      .pipe(Effect.orDieWith((error) => new Error(`verify failed: ${String(error)}`)))
  })

/**
 * A new account, signed in, with its address verified (as anyone who makes songs has it): its browser, and
 * the user as the server describes it.
 */
export const signUp = (prefix = "person", email?: string) =>
  Effect.tap(signUpUnverified(prefix, email), ({ user }) => verifyAddress(user.email))

/**
 * A new account with the configured administrator's address (ADMIN_EMAIL), signed in, with the address
 * verified from the development mailbox: only a verified address gets the role.
 */
export const signUpAdmin = (prefix: string, email: string) => signUp(prefix, email)

/** A new verified account made an administrator from the command line, as a second admin is. */
export const signUpGrantedAdmin = (prefix: string) =>
  Effect.tap(signUp(prefix), ({ user }) =>
    Effect.flatMap(Identity, (identity) => identity.grantAdmin(user.email, "command line")),
  )
