import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { generateSync } from "otplib"
import { browser, describeApp, eventCount, signUp } from "#app/testing.ts"
import { query } from "#events/testing.ts"

const password = "secret-password"

/** The app's code for `secret`, `steps` thirty-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

type Person = Effect.Effect.Success<ReturnType<typeof signUp>>

/** Turns two-step sign-in on for the person: its secret and recovery codes. */
const turnOn = (ada: Person) =>
  Effect.gen(function* () {
    const { secret } = (yield* ada.person.post("/api/account/two-step/begin")).body as {
      secret: string
    }
    const on = yield* ada.person.post("/api/account/two-step/on", { code: codeOf(secret) })
    expect(on.status).toBe(200)
    return { secret, recoveryCodes: (on.body as { recoveryCodes: Array<string> }).recoveryCodes }
  })

/** The password's answer: the challenge for the second step. */
const challengeFor = (username: string) =>
  Effect.gen(function* () {
    const answer = yield* browser().post("/api/login", { username, password })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ _tag: "TwoStepRequired" })
    return (answer.body as { challenge: string }).challenge
  })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100", LOGIN_FAILURES_PER_ACCOUNT: "4" } })(
  "two-step sign-in",
  (it) => {
    it.effect("turns on with the app's first code, and shows ten recovery codes once", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const begun = (yield* ada.person.post("/api/account/two-step/begin")).body as {
          secret: string
          uri: string
        }
        expect(begun.uri).toContain(`otpauth://totp/Melody%20Studio:${ada.user.username}`)
        const before = yield* eventCount
        const wrong = yield* ada.person.post("/api/account/two-step/on", { code: "000000" })
        expect(wrong.status).toBe(400)
        expect(wrong.body).toMatchObject({ _tag: "WrongCode" })
        expect(yield* eventCount).toBe(before)
        const on = yield* ada.person.post("/api/account/two-step/on", {
          code: codeOf(begun.secret),
        })
        expect((on.body as { recoveryCodes: Array<string> }).recoveryCodes).toHaveLength(10)
        expect((yield* ada.person.get("/api/account/two-step")).body).toEqual({
          on: true,
          recoveryCodesLeft: 10,
          adminNeedsTwoStep: false,
        })
        // Nothing secret is in an event.
        const events = yield* query<{ data: unknown }>("select data from events")
        expect(JSON.stringify(events)).not.toContain(begun.secret)
        const again = yield* ada.person.post("/api/account/two-step/begin")
        expect(again.status).toBe(409)
      }),
    )

    it.effect("signs in with the password and a code, each code once", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const { secret } = yield* turnOn(ada)
        const visitor = browser()
        const challenge = yield* challengeFor(ada.user.username)
        const wrong = yield* visitor.post("/api/login/two-step", { challenge, code: "123456" })
        expect(wrong.status).toBe(400)
        expect((yield* visitor.get("/api/user")).status).toBe(401)
        const next = codeOf(secret, 1)
        const signedIn = yield* visitor.post("/api/login/two-step", { challenge, code: next })
        expect(signedIn.status).toBe(200)
        expect(((yield* visitor.get("/api/user")).body as { id: string }).id).toBe(ada.user.id)
        // The challenge is spent, and the code cannot sign in again.
        expect(
          (yield* browser().post("/api/login/two-step", { challenge, code: next })).status,
        ).toBe(400)
        const reused = yield* browser().post("/api/login/two-step", {
          challenge: yield* challengeFor(ada.user.username),
          code: next,
        })
        expect(reused.body).toEqual({
          _tag: "WrongCode",
          message: "That code was used already. Wait for the next one.",
        })
      }),
    )

    it.effect("takes a recovery code in place of the app's, once", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const { recoveryCodes } = yield* turnOn(ada)
        const [code] = recoveryCodes as [string]
        const typed = ` ${code.toUpperCase()} `
        const used = yield* browser().post("/api/login/two-step", {
          challenge: yield* challengeFor(ada.user.username),
          code: typed,
        })
        expect(used.status).toBe(200)
        expect((yield* ada.person.get("/api/account/two-step")).body).toEqual({
          on: true,
          recoveryCodesLeft: 9,
          adminNeedsTwoStep: false,
        })
        const twice = yield* browser().post("/api/login/two-step", {
          challenge: yield* challengeFor(ada.user.username),
          code,
        })
        expect(twice.body).toEqual({
          _tag: "WrongCode",
          message: "That recovery code was used already.",
        })
        const [row] = yield* query<{ data: { left: number } }>(
          "select data from events where type = 'RecoveryCodeUsed' and stream_id = $1",
          [`user-${ada.user.id}`],
        )
        expect(row?.data.left).toBe(9)
      }),
    )

    it.effect("stops taking codes after a few wrong ones", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const { secret } = yield* turnOn(ada)
        const challenge = yield* challengeFor(ada.user.username)
        for (let attempt = 0; attempt < 4; attempt++)
          yield* browser().post("/api/login/two-step", { challenge, code: "111111" })
        const limited = yield* browser().post("/api/login/two-step", {
          challenge,
          code: codeOf(secret, 1),
        })
        expect(limited.status).toBe(429)
      }),
    )

    it.effect("turns off with the password only; then the password alone signs in", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        const bob = yield* signUp("bob")
        yield* turnOn(ada)
        const before = yield* eventCount
        const refused = [
          yield* ada.person.post("/api/account/two-step/off", {
            currentPassword: "wrong-password",
          }),
          yield* ada.person.post("/api/account/two-step/off", {}),
          yield* bob.person.post("/api/account/two-step/off", { currentPassword: password }),
          yield* browser().post("/api/account/two-step/off", { currentPassword: password }),
        ]
        expect(refused.map((answer) => answer.status)).toEqual([400, 400, 409, 401])
        expect(yield* eventCount).toBe(before)
        const off = yield* ada.person.post("/api/account/two-step/off", {
          currentPassword: password,
        })
        expect(off.status).toBe(200)
        const plain = yield* browser().post("/api/login", {
          username: ada.user.username,
          password,
        })
        expect(plain.status).toBe(200)
        expect((yield* ada.person.get("/api/account/two-step")).body).toEqual({
          on: false,
          recoveryCodesLeft: 0,
          adminNeedsTwoStep: false,
        })
      }),
    )

    it.effect("refuses a second step without a live challenge, and set-up steps out of order", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        for (const body of [{ challenge: "made-up", code: "123456" }, { code: "123456" }, {}])
          expect((yield* browser().post("/api/login/two-step", body)).status).toBe(400)
        const early = yield* ada.person.post("/api/account/two-step/on", { code: "123456" })
        expect(early.status).toBe(409)
        expect((yield* browser().get("/api/account/two-step")).status).toBe(401)
      }),
    )
  },
)
