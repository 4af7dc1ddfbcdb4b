import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { browser, describeApp, eventCount, signUp } from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { softAuthenticator } from "./testing-authenticator.ts"

const origin = "https://melody.example"
const password = "secret-password"

type Person = Effect.Effect.Success<ReturnType<typeof signUp>>
type Options = { challenge: string; user: { id: string } }
type Ceremony = { ceremony: string; options: Options }

/** Adds a passkey made by `authenticator` to the person's account. */
const addPasskey = (ada: Person, authenticator = softAuthenticator(origin), label = "Laptop") =>
  Effect.gen(function* () {
    const { ceremony, options } = (yield* ada.person.post("/api/account/passkeys/options"))
      .body as Ceremony
    const added = yield* ada.person.post("/api/account/passkeys", {
      ceremony,
      label,
      credential: authenticator.create(options),
    })
    expect(added.status).toBe(200)
    return { authenticator, id: (added.body as { passkey: { id: string } }).passkey.id }
  })

const signInOptions = (visitor: ReturnType<typeof browser>) =>
  Effect.map(visitor.post("/api/login/passkey/options"), (answer) => answer.body as Ceremony)

describeApp({
  env: {
    PASSKEY_ORIGIN: origin,
    REGISTRATIONS_PER_ADDRESS: "100",
    LOGIN_FAILURES_PER_ACCOUNT: "4",
  },
})("passkeys", (it) => {
  it.effect("a passkey added in settings signs its person in on its own", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const { authenticator, id } = yield* addPasskey(ada)
      const listed = (yield* ada.person.get("/api/account/passkeys")).body as {
        passkeys: Array<{ id: string; label: string; lastUsedAt: string | null }>
      }
      expect(listed.passkeys).toMatchObject([{ id, label: "Laptop", lastUsedAt: null }])
      const visitor = browser()
      const { ceremony, options } = yield* signInOptions(visitor)
      const signedIn = yield* visitor.post("/api/login/passkey", {
        ceremony,
        credential: authenticator.get(options),
      })
      expect(signedIn.status).toBe(200)
      expect(((yield* visitor.get("/api/user")).body as { id: string }).id).toBe(ada.user.id)
      const used = (yield* ada.person.get("/api/account/passkeys")).body as typeof listed
      expect(used.passkeys[0]?.lastUsedAt).not.toBeNull()
      // The public key stays in identity's table; the events say only that a passkey was added.
      const events = yield* query<{ data: unknown }>(
        "select data from events where type = 'PasskeyAdded'",
      )
      expect(events).toHaveLength(1)
      expect(JSON.stringify(events)).not.toContain("publicKey")
    }),
  )

  it.effect("with a passkey, the password alone asks for it as a second step", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const laptop = browser()
      yield* laptop.post("/api/login", { username: ada.user.username, password })
      expect((yield* laptop.get("/api/user")).status).toBe(200)
      yield* addPasskey(ada)
      const answer = yield* browser().post("/api/login", { username: ada.user.username, password })
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({
        _tag: "TwoStepRequired",
        methods: ["passkey"],
        message: "Use your passkey to finish signing in.",
      })
      // Adding the first second step ended the person's other sessions, opened with the password alone.
      expect((yield* laptop.get("/api/user")).status).toBe(401)
      expect((yield* ada.person.get("/api/user")).status).toBe(200)
    }),
  )

  it.effect(
    "a replayed answer, an answer to another ceremony and a stranger's key are refused",
    () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const { authenticator } = yield* addPasskey(ada)
        const visitor = browser()
        const first = yield* signInOptions(visitor)
        const answer = authenticator.get(first.options)
        expect(
          (yield* visitor.post("/api/login/passkey", {
            ceremony: first.ceremony,
            credential: answer,
          })).status,
        ).toBe(200)
        const before = yield* eventCount
        const thief = browser()
        const replayed = yield* thief.post("/api/login/passkey", {
          ceremony: first.ceremony,
          credential: answer,
        })
        expect(replayed.status).toBe(400)
        expect(replayed.body).toMatchObject({ _tag: "PasskeyRefused" })
        // The same signed answer offered for a new ceremony: its challenge is not the one signed.
        const second = yield* signInOptions(thief)
        const reused = yield* thief.post("/api/login/passkey", {
          ceremony: second.ceremony,
          credential: answer,
        })
        expect(reused.body).toMatchObject({
          _tag: "PasskeyRefused",
          message: "That passkey could not be checked. Please try again.",
        })
        const stranger = softAuthenticator(origin)
        stranger.create({ challenge: "unused", user: { id: "someone" } })
        const third = yield* signInOptions(thief)
        const unknown = yield* thief.post("/api/login/passkey", {
          ceremony: third.ceremony,
          credential: stranger.get(third.options),
        })
        expect(unknown.body).toMatchObject({
          message: "This passkey is not known here. Sign in with your password instead.",
        })
        expect((yield* thief.get("/api/user")).status).toBe(401)
        expect(yield* eventCount).toBe(before)
      }),
  )

  it.effect("a passkey made for another site is refused, and adds nothing", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const { ceremony, options } = (yield* ada.person.post("/api/account/passkeys/options"))
        .body as Ceremony
      const before = yield* eventCount
      const phished = yield* ada.person.post("/api/account/passkeys", {
        ceremony,
        label: "Phone",
        credential: softAuthenticator("https://melody.example.evil").create(options),
      })
      expect(phished.status).toBe(400)
      expect(phished.body).toMatchObject({ _tag: "PasskeyRefused" })
      expect(yield* eventCount).toBe(before)
      expect(
        ((yield* ada.person.get("/api/account/passkeys")).body as { passkeys: [] }).passkeys,
      ).toEqual([])
    }),
  )

  it.effect("only its person removes a passkey, with their password", () =>
    Effect.gen(function* () {
      const ada = yield* signUp("ada")
      const bob = yield* signUp("bob")
      const { authenticator, id } = yield* addPasskey(ada)
      const path = `/api/account/passkeys/${id}/remove`
      expect((yield* browser().post(path, { currentPassword: password })).status).toBe(401)
      const others = yield* bob.person.post(path, { currentPassword: password })
      expect(others.status).toBe(404)
      const wrong = yield* ada.person.post(path, { currentPassword: "not-it" })
      expect(wrong.body).toMatchObject({ _tag: "WrongPassword" })
      expect((yield* ada.person.post(path, { currentPassword: password })).status).toBe(200)
      expect(
        ((yield* ada.person.get("/api/account/passkeys")).body as { passkeys: [] }).passkeys,
      ).toEqual([])
      const visitor = browser()
      const { ceremony, options } = yield* signInOptions(visitor)
      const gone = yield* visitor.post("/api/login/passkey", {
        ceremony,
        credential: authenticator.get(options),
      })
      expect(gone.status).toBe(400)
      const plain = yield* browser().post("/api/login", { username: ada.user.username, password })
      expect(plain.status).toBe(200)
    }),
  )
})
