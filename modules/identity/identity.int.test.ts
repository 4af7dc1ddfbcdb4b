import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TooManyRequests } from "#api/refusals.ts"
import { browser, describeApp, postJson, request, runJobs } from "#app/testing.ts"
import { clientOf, decodeBody } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { Identity } from "./identity.ts"

const generous = {
  LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
  LOGIN_FAILURES_PER_ACCOUNT: "1000",
  REGISTRATIONS_PER_ADDRESS: "1000",
  MAILS_PER_ADDRESS: "1000",
  MAILS_PER_ACCOUNT: "1000",
  ADMIN_EMAIL: "boss@example.com",
}

let counter = 0
const someone = (overrides: Record<string, unknown> = {}) => {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}`
  return {
    username: `user_${id}`,
    email: `user_${id}@example.com`,
    password: "secret-password",
    name: "Ada Lovelace",
    acceptTerms: true as const,
    ...overrides,
  }
}

const usersRegistered = Effect.map(
  query<{ n: number }>("select count(*)::int as n from events where type = 'UserRegistered'"),
  ([row]) => row?.n ?? 0,
)

/** The links in the newest mail to this address, after the mail jobs ran. */
const linksMailedTo = (email: string) =>
  Effect.gen(function* () {
    yield* runJobs
    const { messages } = yield* (yield* clientOf()).identity.mailbox()
    return messages.find((m) => m.to === email)?.links ?? []
  })

const tokenIn = (link: string | undefined) =>
  new URL(link ?? "http://x").searchParams.get("token") ?? ""

describeApp({ env: generous })("identity", (it) => {
  describe("registration", () => {
    it.effect("signs the new user in, unverified, and mails a verification link", () =>
      Effect.gen(function* () {
        const ada = browser()
        const fields = someone({ email: "  Ada.Mixed@Example.COM ", isAdmin: true, credits: 500 })
        const answer = yield* ada.post("/api/register", fields)
        expect(answer.status).toBe(201)
        expect(answer.body).toMatchObject({
          message: "Account created successfully. Welcome!",
          user: {
            username: fields.username,
            email: "ada.mixed@example.com",
            isAdmin: false,
            emailVerified: false,
          },
        })
        const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("melody_session="))
        expect(cookie).toMatch(/HttpOnly/)
        expect(cookie).toMatch(/SameSite=Lax/)
        expect(cookie).toMatch(/Path=\//)
        expect((yield* ada.get("/api/user")).body).toMatchObject({
          username: fields.username,
          emailVerified: false,
        })
        const links = yield* linksMailedTo("ada.mixed@example.com")
        expect(links).toHaveLength(1)
        expect(links[0]).toMatch(/^http:\/\/127\.0\.0\.1\/verify-email\?token=[A-Za-z0-9_-]{43}$/)
      }),
    )

    it.effect("every invalid field gets the spec's message, and nothing is created", () =>
      Effect.gen(function* () {
        const before = yield* usersRegistered
        const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
          [{ username: "" }, "Username is required"],
          [{ username: "ab" }, "Username must be at least 3 characters"],
          [{ username: "x".repeat(256) }, "Username must be at most 255 characters"],
          [
            { username: "no spaces" },
            "Username may only contain letters, numbers, dots, hyphens and underscores",
          ],
          [{ email: "not-an-email" }, "Invalid email address"],
          [{ email: `${"x".repeat(250)}@example.com` }, "Invalid email address"],
          [{ password: "12345" }, "Password must be at least 6 characters"],
          [{ password: "x".repeat(129) }, "Password must be at most 128 characters"],
          [{ name: "" }, "Full name is required"],
          [{ name: "A" }, "Name must be at least 2 characters"],
          [
            { acceptTerms: false },
            "You must accept the Terms of Service and Privacy Policy to register",
          ],
          [
            { acceptTerms: undefined },
            "You must accept the Terms of Service and Privacy Policy to register",
          ],
          [{ username: 42 }, "username: Expected string, actual 42"],
        ]
        for (const [change, message] of cases) {
          const answer = yield* postJson("/api/register", someone(change))
          expect({
            status: answer.status,
            message: decodeBody(HttpApiDecodeError, answer).message,
          }).toEqual({
            status: 400,
            message,
          })
        }
        const all = yield* postJson("/api/register", { acceptTerms: false })
        expect(decodeBody(HttpApiDecodeError, all).message).toBe(
          "Username is required; Invalid email address; Password must be at least 6 characters; " +
            "Full name is required; You must accept the Terms of Service and Privacy Policy to register",
        )
        expect(yield* usersRegistered).toBe(before)
      }),
    )

    it.effect("usernames and e-mail addresses are unique, whatever their case", () =>
      Effect.gen(function* () {
        const first = someone()
        expect((yield* postJson("/api/register", first)).status).toBe(201)
        const sameName = yield* postJson(
          "/api/register",
          someone({ username: first.username.toUpperCase() }),
        )
        expect({ status: sameName.status, body: sameName.body }).toEqual({
          status: 409,
          body: { _tag: "UsernameTaken", message: "Username already exists" },
        })
        const sameEmail = yield* postJson(
          "/api/register",
          someone({ email: first.email.toUpperCase() }),
        )
        expect({ status: sameEmail.status, body: sameEmail.body }).toEqual({
          status: 409,
          body: { _tag: "EmailTaken", message: "An account with this email already exists" },
        })
      }),
    )

    it.effect("of ten people registering the same name at once, exactly one gets it", () =>
      Effect.gen(function* () {
        const username = someone().username
        const answers = yield* Effect.all(
          Array.from({ length: 10 }, () => postJson("/api/register", someone({ username }))),
          { concurrency: "unbounded" },
        )
        expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)])
        const [claims] = yield* query<{ n: number }>(
          "select count(*)::int as n from events where stream_id = $1",
          [`username-${username}`],
        )
        expect(claims?.n).toBe(1)
      }),
    )

    it.effect("the configured administrator's address gives no rights until it is verified", () =>
      Effect.gen(function* () {
        const boss = browser()
        const victim = someone()
        const registered = yield* (yield* clientOf()).identity.register({ payload: victim })
        const answer = yield* boss.post("/api/register", someone({ email: "Boss@Example.com" }))
        expect(answer.body).toMatchObject({ user: { isAdmin: false, emailVerified: false } })
        expect((yield* boss.get("/api/admin/projections")).status).toBe(404)
        const adjustment = yield* boss.post(`/api/admin/ledger/${registered.user.id}/adjustments`, {
          amount: 1000,
          reason: "Not an administrator yet",
        })
        expect(adjustment.status).toBe(404)
        const signedIn = yield* browser().post("/api/login", {
          username: "boss@example.com",
          password: "secret-password",
        })
        expect(signedIn.body).toMatchObject({ user: { isAdmin: false } })

        const token = tokenIn((yield* linksMailedTo("boss@example.com"))[0])
        expect((yield* request(`/api/verify-email?token=${token}`)).status).toBe(200)
        expect((yield* boss.get("/api/user")).body).toMatchObject({ isAdmin: true })
        expect((yield* boss.get("/api/admin/projections")).status).toBe(200)
        const [grant] = yield* query<{ data: unknown; metadata: { actor: unknown } }>(
          "select data, metadata from events where type = 'AdminGranted' and data ->> 'verifiedEmail' = 'boss@example.com'",
        )
        expect(grant?.data).toMatchObject({ grantedBy: "configuration" })
        const login = yield* browser().post("/api/login", {
          username: "boss@example.com",
          password: "secret-password",
        })
        expect(login.body).toMatchObject({
          message: "Logged in as administrator",
          user: { isAdmin: true },
        })
      }),
    )
  })

  describe("administrators", () => {
    it.effect("the command line makes an existing account an administrator, once", () =>
      Effect.gen(function* () {
        const fields = someone()
        const user = browser()
        yield* user.post("/api/register", fields)
        // The role is what the administrator's pages check, on the session's remembered holder.
        expect((yield* user.get("/api/admin/projections")).status).toBe(404)
        const identity = yield* Identity
        expect(yield* identity.grantAdmin("nobody-like-that", "command line")).toBeUndefined()
        const granted = yield* identity.grantAdmin(fields.email, "command line")
        expect(granted?.isAdmin).toBe(true)
        expect((yield* user.get("/api/admin/projections")).status).toBe(200)
        yield* identity.grantAdmin(fields.username, "command line")
        const grants = yield* query<{ n: number }>(
          "select count(*)::int as n from events where type = 'AdminGranted' and data ->> 'userId' = $1",
          [granted?.userId],
        )
        expect(grants[0]?.n).toBe(1)
        const login = yield* browser().post("/api/login", {
          username: fields.username,
          password: fields.password,
        })
        expect(login.body).toMatchObject({
          message: "Logged in as administrator",
          user: { isAdmin: true },
        })
      }),
    )
  })

  describe("signing in and out", () => {
    it.effect(
      "by username or e-mail; a wrong password or an unknown account get the same answer",
      () =>
        Effect.gen(function* () {
          const fields = someone()
          yield* postJson("/api/register", fields)
          const byName = yield* browser().post("/api/login", {
            username: ` ${fields.username} `,
            password: fields.password,
          })
          expect(byName.body).toMatchObject({
            message: "Successfully logged in",
            user: { username: fields.username },
          })
          const byEmail = yield* browser().post("/api/login", {
            username: fields.email.toUpperCase(),
            password: fields.password,
          })
          expect(byEmail.status).toBe(200)
          const wrong = yield* browser().post("/api/login", {
            username: fields.username,
            password: "not it",
          })
          const unknown = yield* browser().post("/api/login", {
            username: "nobody-here",
            password: "not it",
          })
          for (const refused of [wrong, unknown]) {
            expect({ status: refused.status, body: refused.body }).toEqual({
              status: 401,
              body: { _tag: "InvalidCredentials", message: "Invalid username or password" },
            })
          }
          const empty = yield* browser().post("/api/login", { username: " ", password: "" })
          expect(empty.status).toBe(400)
          expect(decodeBody(HttpApiDecodeError, empty).message).toBe(
            "Username and password are required",
          )
        }),
    )

    it.effect("an unverified user may sign in; the answer says the address is not verified", () =>
      Effect.gen(function* () {
        const fields = someone()
        yield* postJson("/api/register", fields)
        const login = yield* browser().post("/api/login", {
          username: fields.username,
          password: fields.password,
        })
        expect(login.body).toMatchObject({ user: { emailVerified: false } })
      }),
    )

    it.effect(
      "signing in replaces the session: an id known before is worthless after (fixation)",
      () =>
        Effect.gen(function* () {
          const fields = someone()
          const user = browser()
          yield* user.post("/api/register", fields)
          const before = user.cookies.get("melody_session")
          const attacker = browser()
          attacker.cookies.set("melody_session", before!)
          expect((yield* attacker.get("/api/user")).status).toBe(200)
          yield* user.post("/api/login", { username: fields.username, password: fields.password })
          const after = user.cookies.get("melody_session")
          expect(after).toBeDefined()
          expect(after).not.toBe(before)
          expect((yield* user.get("/api/user")).status).toBe(200)
          expect((yield* attacker.get("/api/user")).status).toBe(401)
        }),
    )

    it.effect("logging out ends the session on the server and clears the cookie", () =>
      Effect.gen(function* () {
        const fields = someone()
        const user = browser()
        yield* user.post("/api/register", fields)
        const stolen = browser()
        stolen.cookies.set("melody_session", user.cookies.get("melody_session")!)
        // Used just before: the server remembers who holds it, and forgets at the sign-out.
        expect((yield* stolen.get("/api/user")).status).toBe(200)
        const logout = yield* user.post("/api/logout")
        expect(logout.status).toBe(200)
        expect(user.cookies.has("melody_session")).toBe(false)
        expect((yield* stolen.get("/api/user")).body).toEqual({
          _tag: "Unauthorized",
          message: "You need to be signed in to do that.",
        })
        expect((yield* browser().post("/api/logout")).status).toBe(200)
      }),
    )

    it.effect("/api/session says who is signed in, and answers nobody without an error", () =>
      Effect.gen(function* () {
        const fields = someone()
        const user = browser()
        const anonymous = yield* user.get("/api/session")
        expect(anonymous.status).toBe(200)
        expect(anonymous.body).toEqual({ user: null })
        yield* user.post("/api/register", fields)
        expect((yield* user.get("/api/session")).body).toMatchObject({
          user: { username: fields.username, emailVerified: false, isAdmin: false },
        })
        const stale = browser()
        stale.cookies.set("melody_session", "not-a-session")
        expect((yield* stale.get("/api/session")).body).toEqual({ user: null })
        yield* user.post("/api/logout")
        expect((yield* user.get("/api/session")).body).toEqual({ user: null })
      }),
    )

    it.effect("a session ended by another server process stops working here within a second", () =>
      Effect.gen(function* () {
        const user = browser()
        const registered = yield* (yield* clientOf(user)).identity.register({ payload: someone() })
        const userId = registered.user.id
        expect((yield* user.get("/api/user")).status).toBe(200)
        // What another process's sign-out does to the table; this process learns it only by reading it.
        yield* query("delete from identity.session where sess ->> 'userId' = $1", [userId])
        expect((yield* user.get("/api/user")).status).toBe(200)
        yield* Effect.sleep("1100 millis")
        expect((yield* user.get("/api/user")).status).toBe(401)
      }),
    )

    it.effect("a session cookie nobody issued is refused", () =>
      Effect.gen(function* () {
        const forger = browser()
        forger.cookies.set("melody_session", "made-up-session-id")
        expect((yield* forger.get("/api/user")).status).toBe(401)
        expect((yield* browser().get("/api/user")).status).toBe(401)
      }),
    )
  })

  describe("e-mail verification", () => {
    it.effect("the mailed link verifies once; used again or expired it is refused", () =>
      Effect.gen(function* () {
        const fields = someone()
        const user = browser()
        yield* user.post("/api/register", fields)
        const token = tokenIn((yield* linksMailedTo(fields.email))[0])
        const verified = yield* request(`/api/verify-email?token=${token}`)
        expect(verified.body).toEqual({ message: "Your email has been verified!" })
        expect((yield* user.get("/api/user")).body).toMatchObject({ emailVerified: true })
        const again = yield* request(`/api/verify-email?token=${token}`)
        expect({ status: again.status, body: again.body }).toEqual({
          status: 400,
          body: {
            _tag: "InvalidToken",
            message: "We couldn't verify your email. The link may have expired or is invalid.",
          },
        })
        const missing = yield* request("/api/verify-email")
        expect(decodeBody(HttpApiDecodeError, missing).message).toBe(
          "Verification token is missing.",
        )
        const empty = yield* request("/api/verify-email?token=")
        expect(decodeBody(HttpApiDecodeError, empty).message).toBe("Verification token is missing.")
      }),
    )

    it.effect("an expired link is refused and the address stays unverified", () =>
      Effect.gen(function* () {
        const fields = someone()
        const user = browser()
        yield* user.post("/api/register", fields)
        const token = tokenIn((yield* linksMailedTo(fields.email))[0])
        yield* query(
          "update identity.tokens set expires_at = now() - interval '1 second' where purpose = 'verify-email'",
        )
        expect((yield* request(`/api/verify-email?token=${token}`)).status).toBe(400)
        expect((yield* user.get("/api/user")).body).toMatchObject({ emailVerified: false })
      }),
    )

    it.effect(
      "resending mails a new link and voids the old one; a verified address is told so",
      () =>
        Effect.gen(function* () {
          const fields = someone()
          const user = browser()
          yield* user.post("/api/register", fields)
          const first = tokenIn((yield* linksMailedTo(fields.email))[0])
          const resent = yield* user.post("/api/resend-verification", { email: fields.email })
          expect(resent.body).toEqual({
            message: "Verification email sent. Please check your inbox.",
          })
          const second = tokenIn((yield* linksMailedTo(fields.email))[0])
          expect(second).not.toBe(first)
          expect((yield* request(`/api/verify-email?token=${first}`)).status).toBe(400)
          expect((yield* request(`/api/verify-email?token=${second}`)).status).toBe(200)
          const again = yield* user.post("/api/resend-verification", {})
          expect({ status: again.status, body: again.body }).toEqual({
            status: 409,
            body: { _tag: "AlreadyVerified", message: "Your email is already verified." },
          })
          expect((yield* browser().post("/api/resend-verification", {})).status).toBe(401)
          const byAddress = yield* browser().post("/api/resend-verification", {
            email: "nobody@example.com",
          })
          expect(byAddress.body).toEqual({
            message: "Verification email sent. Please check your inbox.",
          })
        }),
    )
  })

  describe("password reset", () => {
    it.effect(
      "answers the same whether or not the address exists, and mails only real accounts",
      () =>
        Effect.gen(function* () {
          const fields = someone()
          yield* postJson("/api/register", fields)
          const known = yield* postJson("/api/forgot-password", { email: fields.email })
          const unknown = yield* postJson("/api/forgot-password", { email: "ghost@example.com" })
          expect(known.body).toEqual(unknown.body)
          expect(known.body).toEqual({
            message: "If your email exists in our system, a password reset link has been sent.",
          })
          const links = yield* linksMailedTo(fields.email)
          expect(links[0]).toMatch(/\/reset-password\?token=/)
          expect(yield* linksMailedTo("ghost@example.com")).toEqual([])
          const invalid = yield* postJson("/api/forgot-password", { email: "nope" })
          expect(decodeBody(HttpApiDecodeError, invalid).message).toBe(
            "Please enter a valid email address",
          )
        }),
    )

    it.effect("a reset link sets a new password once, and signs the account out everywhere", () =>
      Effect.gen(function* () {
        const fields = someone()
        const user = browser()
        yield* user.post("/api/register", fields)
        yield* postJson("/api/forgot-password", { email: fields.email })
        const token = tokenIn(
          (yield* linksMailedTo(fields.email)).find((l) => l.includes("reset-password")),
        )
        expect((yield* request(`/api/validate-reset-token?token=${token}`)).body).toEqual({
          valid: true,
        })
        expect((yield* request("/api/validate-reset-token?token=garbage")).body).toEqual({
          valid: false,
        })

        const short = yield* postJson("/api/reset-password", { token, password: "123" })
        expect(decodeBody(HttpApiDecodeError, short).message).toBe(
          "Password must be at least 6 characters",
        )

        expect((yield* user.get("/api/user")).status).toBe(200)
        const reset = yield* postJson("/api/reset-password", {
          token,
          password: "brand-new-secret",
        })
        expect(reset.body).toEqual({
          message:
            "Your password has been reset successfully. You can now log in with your new password.",
        })
        expect((yield* user.get("/api/user")).status).toBe(401)
        const oldPassword = yield* browser().post("/api/login", {
          username: fields.username,
          password: fields.password,
        })
        expect(oldPassword.status).toBe(401)
        const newPassword = yield* browser().post("/api/login", {
          username: fields.username,
          password: "brand-new-secret",
        })
        expect(newPassword.status).toBe(200)

        const reused = yield* postJson("/api/reset-password", { token, password: "another-secret" })
        expect({ status: reused.status, body: reused.body }).toEqual({
          status: 400,
          body: {
            _tag: "InvalidToken",
            message:
              "The password reset link is invalid or has expired. Please request a new password reset link.",
          },
        })
        expect((yield* request(`/api/validate-reset-token?token=${token}`)).body).toEqual({
          valid: false,
        })
      }),
    )

    it.effect("an expired reset link is refused and the password stays", () =>
      Effect.gen(function* () {
        const fields = someone()
        yield* postJson("/api/register", fields)
        yield* postJson("/api/forgot-password", { email: fields.email })
        const token = tokenIn(
          (yield* linksMailedTo(fields.email)).find((l) => l.includes("reset-password")),
        )
        yield* query(
          "update identity.tokens set expires_at = now() - interval '1 second' where purpose = 'reset-password'",
        )
        expect((yield* request(`/api/validate-reset-token?token=${token}`)).body).toEqual({
          valid: false,
        })
        expect(
          (yield* postJson("/api/reset-password", { token, password: "brand-new-secret" })).status,
        ).toBe(400)
        const login = yield* browser().post("/api/login", {
          username: fields.username,
          password: fields.password,
        })
        expect(login.status).toBe(200)
      }),
    )
  })

  describe("requests from other sites", () => {
    it.effect("a state-changing request from another origin is refused and changes nothing", () =>
      Effect.gen(function* () {
        const before = yield* usersRegistered
        const foreign = yield* postJson("/api/register", someone(), {
          origin: "https://evil.example",
        })
        expect({ status: foreign.status, body: foreign.body }).toEqual({
          status: 403,
          body: {
            _tag: "Forbidden",
            message: "This request came from another site and was refused.",
          },
        })
        const byReferer = yield* postJson("/api/register", someone(), {
          referer: "https://evil.example/page",
        })
        expect(byReferer.status).toBe(403)
        expect(yield* usersRegistered).toBe(before)
      }),
    )
  })
})

describeApp({ env: { LOGIN_FAILURES_PER_ACCOUNT: "2", REGISTRATIONS_PER_ADDRESS: "3" } })(
  "rate limits",
  (it) => {
    it.effect("failed sign-ins are limited per account, with a clear 429 and Retry-After", () =>
      Effect.gen(function* () {
        const fields = someone()
        yield* postJson("/api/register", fields)
        for (let i = 0; i < 2; i++) {
          expect(
            (yield* browser().post("/api/login", { username: fields.username, password: "wrong" }))
              .status,
          ).toBe(401)
        }
        const blocked = yield* browser().post("/api/login", {
          username: fields.username,
          password: fields.password,
        })
        expect(blocked.status).toBe(429)
        expect(blocked.body).toMatchObject({ _tag: "TooManyRequests" })
        expect(decodeBody(TooManyRequests, blocked).message).toMatch(
          /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
        )
        expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
      }),
    )

    it.effect("registrations are limited per address", () =>
      Effect.gen(function* () {
        const answers = []
        for (let i = 0; i < 4; i++)
          answers.push((yield* postJson("/api/register", someone())).status)
        expect(answers.slice(-1)).toEqual([429])
      }),
    )
  },
)

describeApp({ env: { SESSION_TTL: "4 seconds" } })("session lifetime", (it) => {
  it.effect("a session in the second half of its life slides forward; one left alone expires", () =>
    Effect.gen(function* () {
      const fields = someone()
      const user = browser()
      yield* user.post("/api/register", fields)
      const idle = browser()
      idle.cookies.set("melody_session", user.cookies.get("melody_session")!)

      yield* Effect.sleep("2500 millis")
      const used = yield* user.get("/api/user")
      expect(used.status).toBe(200)
      expect(used.headers.getSetCookie().some((c) => c.startsWith("melody_session="))).toBe(true)

      yield* Effect.sleep("2000 millis")
      expect((yield* user.get("/api/user")).status).toBe(200)
      // The same session id, so the slide applies to every holder of it; unused for its whole life, it ends.
      yield* Effect.sleep("4500 millis")
      expect((yield* idle.get("/api/user")).status).toBe(401)
    }),
  )
})

describeApp({ config: { appUrl: "https://melody.example" } })("behind TLS", (it) => {
  it.effect("the session cookie is Secure", () =>
    Effect.gen(function* () {
      const answer = yield* postJson("/api/register", someone())
      expect(answer.status).toBe(201)
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("melody_session="))
      expect(cookie).toMatch(/; Secure/)
      expect(answer.headers.get("strict-transport-security")).toContain("max-age=")
    }),
  )
})
