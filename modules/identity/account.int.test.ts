import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { browser, describeApp, eventCount, signUp } from "#app/testing.ts"
import { query } from "#events/testing.ts"

const password = "secret-password"

type Listed = {
  sessions: ReadonlyArray<{ key: string; device: string; place: string; current: boolean }>
}

/** The same person signed in again, from a browser of its own that says it is Firefox on Windows. */
const signInElsewhere = (username: string, typed = password) =>
  Effect.gen(function* () {
    const elsewhere = browser()
    const answer = yield* elsewhere.send("/api/login", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent":
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      },
      body: JSON.stringify({ username, password: typed }),
    })
    return { elsewhere, status: answer.status }
  })

const typesOf = (userId: string) =>
  Effect.map(
    query<{ type: string; data: { reason?: string } }>(
      "select type, data from events where stream_id in ($1, $2) order by global_position",
      [`user-${userId}`, `user-logins-${userId}`],
    ),
    (rows) => rows.map((row) => (row.data.reason ? `${row.type}:${row.data.reason}` : row.type)),
  )

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100", LOGIN_FAILURES_PER_ACCOUNT: "3" } })(
  "a person's own account",
  (it) => {
    it.effect("lists the person's open sessions, the current one marked, and no one else's", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const bob = yield* signUp("bob")
        const { elsewhere } = yield* signInElsewhere(ada.user.username)
        const listed = (yield* ada.person.get("/api/account/sessions")).body as Listed
        expect(listed.sessions).toHaveLength(2)
        expect(listed.sessions.filter((s) => s.current)).toHaveLength(1)
        expect(listed.sessions.find((s) => !s.current)).toMatchObject({
          device: "Firefox on Windows",
          place: "This computer",
        })
        // The keys are not the cookies, nor what the table keeps.
        const cookies = [...ada.person.cookies.values(), ...elsewhere.cookies.values()]
        const stored = yield* query<{ sid: string }>("select sid from identity.session")
        for (const { key } of listed.sessions) {
          expect(cookies.some((cookie) => cookie.includes(key))).toBe(false)
          expect(stored.some((row) => row.sid.includes(key))).toBe(false)
        }
        const bobs = (yield* bob.person.get("/api/account/sessions")).body as Listed
        expect(bobs.sessions).toHaveLength(1)
        expect((yield* browser().get("/api/account/sessions")).status).toBe(401)
      }),
    )

    it.effect("ends one session by its key, which no one else can", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const bob = yield* signUp("bob")
        const { elsewhere } = yield* signInElsewhere(ada.user.username)
        const listed = (yield* ada.person.get("/api/account/sessions")).body as Listed
        const other = listed.sessions.find((s) => !s.current)!

        const before = yield* eventCount
        const taken = yield* bob.person.send(`/api/account/sessions/${other.key}`, {
          method: "DELETE",
        })
        expect(taken.status).toBe(404)
        expect(taken.body).toEqual({ _tag: "NotFound", message: "There is no such session." })
        expect(yield* eventCount).toBe(before)
        expect((yield* elsewhere.get("/api/user")).status).toBe(200)

        const ended = yield* ada.person.send(`/api/account/sessions/${other.key}`, {
          method: "DELETE",
        })
        expect(ended.body).toEqual({ message: "The session was signed out." })
        expect((yield* elsewhere.get("/api/user")).status).toBe(401)
        expect((yield* ada.person.get("/api/user")).status).toBe(200)
        expect((yield* typesOf(ada.user.id)).at(-1)).toBe("UserLoggedOut")
        const again = yield* ada.person.send(`/api/account/sessions/${other.key}`, {
          method: "DELETE",
        })
        expect(again.status).toBe(404)
      }),
    )

    it.effect("signs out of every other session and keeps this one", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const first = yield* signInElsewhere(ada.user.username)
        const second = yield* signInElsewhere(ada.user.username)
        const answer = yield* ada.person.post("/api/account/sessions/end-others")
        expect(answer.body).toEqual({ message: "Signed out of 2 other sessions.", ended: 2 })
        expect((yield* first.elsewhere.get("/api/user")).status).toBe(401)
        expect((yield* second.elsewhere.get("/api/user")).status).toBe(401)
        expect((yield* ada.person.get("/api/user")).status).toBe(200)
        const alone = yield* ada.person.post("/api/account/sessions/end-others")
        expect(alone.body).toEqual({ message: "No other session was signed in.", ended: 0 })
      }),
    )

    it.effect("changes the password with the current one: every other session ends", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const { elsewhere } = yield* signInElsewhere(ada.user.username)
        const changed = yield* ada.person.post("/api/account/password", {
          currentPassword: password,
          newPassword: "a brand new one",
        })
        expect(changed.body).toEqual({
          message: "Your password has been changed. Signed out of 1 other session.",
        })
        expect((yield* elsewhere.get("/api/user")).status).toBe(401)
        expect((yield* ada.person.get("/api/user")).status).toBe(200)
        expect((yield* signInElsewhere(ada.user.username)).status).toBe(401)
        expect((yield* signInElsewhere(ada.user.username, "a brand new one")).status).toBe(200)
        expect(yield* typesOf(ada.user.id)).toContain("PasswordChanged:changed")
      }),
    )

    it.effect(
      "refuses a wrong, missing or unchanged password and a weak new one, changing nothing",
      () =>
        Effect.gen(function* () {
          const ada = yield* signUp("ada")
          const { elsewhere } = yield* signInElsewhere(ada.user.username)
          const before = yield* eventCount
          const attempt = (body: unknown) => ada.person.post("/api/account/password", body)
          const refusals = [
            [
              { currentPassword: "not it", newPassword: "a brand new one" },
              "Your current password is incorrect.",
            ],
            [{ newPassword: "a brand new one" }, "Please enter your current password."],
            [
              { currentPassword: password, newPassword: "short" },
              "Password must be at least 6 characters",
            ],
            [
              { currentPassword: password, newPassword: password },
              "Your new password must be different from your current one.",
            ],
          ] as const
          for (const [body, message] of refusals) {
            const answer = yield* attempt(body)
            expect(answer.status).toBe(400)
            expect(JSON.stringify(answer.body)).toContain(message)
          }
          expect(yield* eventCount).toBe(before)
          expect((yield* elsewhere.get("/api/user")).status).toBe(200)
          expect((yield* signInElsewhere(ada.user.username)).status).toBe(200)
        }),
    )

    it.effect("stops checking the current password after a few wrong ones", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const wrong = { currentPassword: "guess", newPassword: "a brand new one" }
        for (let i = 0; i < 3; i++) {
          expect((yield* ada.person.post("/api/account/password", wrong)).status).toBe(400)
        }
        const right = { currentPassword: password, newPassword: "a brand new one" }
        expect((yield* ada.person.post("/api/account/password", right)).status).toBe(429)
        expect((yield* signInElsewhere(ada.user.username)).status).toBe(200)
      }),
    )
  },
)
