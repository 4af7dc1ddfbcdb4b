import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { browser, describeApp, eventCount, runJobs, signUp } from "#app/testing.ts"
import { clientOf } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"

const password = "secret-password"

/** The token of the newest link of this kind mailed to this address. */
const mailedToken = (to: string, page: string) =>
  Effect.gen(function* () {
    yield* runJobs
    const api = yield* clientOf()
    const { messages } = yield* Effect.orDie(api.identity.mailbox())
    const link = messages.find((m) => m.to === to)?.links.find((l) => l.includes(`${page}?token=`))
    return link === undefined ? undefined : new URL(link).searchParams.get("token")
  })

const signIn = (usernameOrEmail: string) =>
  Effect.map(
    browser().send("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: usernameOrEmail, password }),
    }),
    (answer) => answer.status,
  )

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100" } })("a change of address", (it) => {
  it.effect("moves the account once the new address's link is opened, and tells the old one", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const next = `moved_${ada.user.username}@example.com`
      const asked = yield* ada.person.post("/api/account/email", {
        email: next,
        currentPassword: password,
      })
      expect(asked.status).toBe(200)
      // Nothing moves until the link is opened: the old address still signs in.
      expect(((yield* ada.person.get("/api/user")).body as { email: string }).email).toBe(
        ada.user.email,
      )
      const token = yield* mailedToken(next, "/email/confirm")
      expect(token).toBeTruthy()
      const confirmed = yield* browser().post("/api/account/email/confirm", { token })
      expect(confirmed.body).toEqual({ message: `Your email is now ${next}.`, email: next })
      expect(((yield* ada.person.get("/api/user")).body as { email: string }).email).toBe(next)
      expect(yield* signIn(next)).toBe(200)
      expect(yield* signIn(ada.user.email)).toBe(401)
      // The old address is told, with a link that takes the change back.
      expect(yield* mailedToken(ada.user.email, "/email/undo")).toBeTruthy()
      // A used link does nothing more.
      const again = yield* browser().post("/api/account/email/confirm", { token })
      expect(again.status).toBe(400)
    }),
  )

  it.effect("is taken back from the old address's notice, which signs every session out", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const next = `taken_${ada.user.username}@example.com`
      yield* ada.person.post("/api/account/email", { email: next, currentPassword: password })
      yield* browser().post("/api/account/email/confirm", {
        token: yield* mailedToken(next, "/email/confirm"),
      })
      // Whoever moved it asks to move it again; taking it back makes that link useless as well.
      yield* ada.person.post("/api/account/email", {
        email: `again_${ada.user.username}@example.com`,
        currentPassword: password,
      })
      const pending = yield* mailedToken(`again_${ada.user.username}@example.com`, "/email/confirm")
      const undo = yield* mailedToken(ada.user.email, "/email/undo")
      const undone = yield* browser().post("/api/account/email/undo", { token: undo })
      expect(undone.status).toBe(200)
      expect((undone.body as { email: string }).email).toBe(ada.user.email)
      expect((yield* ada.person.get("/api/user")).status).toBe(401)
      expect(yield* signIn(ada.user.email)).toBe(200)
      expect(yield* signIn(next)).toBe(401)
      expect((yield* browser().post("/api/account/email/confirm", { token: pending })).status).toBe(
        400,
      )
      expect((yield* browser().post("/api/account/email/undo", { token: undo })).status).toBe(400)
      const changes = yield* query<{ data: { reason: string; to: string } }>(
        "select data from events where stream_id = $1 and type = 'EmailChanged' order by global_position",
        [`user-${ada.user.id}`],
      )
      expect(changes.map((row) => [row.data.reason, row.data.to])).toEqual([
        ["confirmed", next],
        ["undone", ada.user.email],
      ])
    }),
  )

  it.effect(
    "refuses a wrong password, its own or a taken address, and a bad address, changing nothing",
    () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const bob = yield* signUp("bob")
        const before = yield* eventCount
        const refusals = [
          [{ email: "new@example.com", currentPassword: "wrong-password" }, 400, "WrongPassword"],
          [{ email: ada.user.email.toUpperCase(), currentPassword: password }, 400, "SameEmail"],
          [{ email: bob.user.email, currentPassword: password }, 409, "EmailTaken"],
          [{ email: "not an address", currentPassword: password }, 400, "HttpApiDecodeError"],
          [{ email: "new@example.com" }, 400, "HttpApiDecodeError"],
        ] as const
        for (const [payload, status, tag] of refusals) {
          const answer = yield* ada.person.post("/api/account/email", payload)
          expect(answer.status, JSON.stringify(payload)).toBe(status)
          expect(answer.body).toMatchObject({ _tag: tag })
          expect((answer.body as { message: string }).message).toBeTruthy()
        }
        expect(yield* eventCount).toBe(before)
        expect(
          (yield* browser().post("/api/account/email", { email: "x@example.com" })).status,
        ).toBe(401)
        for (const path of ["/api/account/email/confirm", "/api/account/email/undo"]) {
          expect((yield* browser().post(path, { token: "not-a-token" })).status).toBe(400)
          expect((yield* browser().post(path, {})).status).toBe(400)
        }
        expect(yield* eventCount).toBe(before)
      }),
  )

  it.effect("gives an address asked for by two accounts to the first to open its link", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const bob = yield* signUp("bob")
      const wanted = `wanted_${ada.user.username}@example.com`
      yield* ada.person.post("/api/account/email", { email: wanted, currentPassword: password })
      const adas = yield* mailedToken(wanted, "/email/confirm")
      yield* bob.person.post("/api/account/email", { email: wanted, currentPassword: password })
      const bobs = yield* mailedToken(wanted, "/email/confirm")
      expect(adas).not.toBe(bobs)
      expect((yield* browser().post("/api/account/email/confirm", { token: bobs })).status).toBe(
        200,
      )
      const late = yield* browser().post("/api/account/email/confirm", { token: adas })
      expect(late.status).toBe(409)
      expect(((yield* ada.person.get("/api/user")).body as { email: string }).email).toBe(
        ada.user.email,
      )
    }),
  )
})
