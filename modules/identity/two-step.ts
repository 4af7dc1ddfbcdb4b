import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import type { Client } from "#toolkit/client.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { TwoStepConflict, WrongCode } from "./api-account-refusals.ts"
import { InvalidToken } from "./api-refusals.ts"
import { IdentityConfig } from "./config.ts"
import { decideUser, recordLogin } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { secretUri } from "./one-time-codes.ts"
import { makePasswordCheck } from "./password-change.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { makeSignIn } from "./sign-in.ts"
import { makeTokens } from "./tokens.ts"
import { makeTwoStepCodes } from "./two-step-codes.ts"
import { signedInPerson, Users } from "./users.ts"

const isOn = new TwoStepConflict({ message: "Two-step sign-in is on already." })
const isOff = new TwoStepConflict({ message: "Two-step sign-in is off." })
const notStarted = new TwoStepConflict({ message: "Start setting up two-step sign-in first." })
const expired = new InvalidToken({
  message: "Your sign-in has expired. Please enter your password again.",
})
const refusals = {
  wrong: new WrongCode({ message: "That code is not right. Try the newest one from your app." }),
  usedApp: new WrongCode({ message: "That code was used already. Wait for the next one." }),
  usedRecovery: new WrongCode({ message: "That recovery code was used already." }),
}

/**
 * Two-step sign-in with an authenticator app: set up with the app's first code, which shows ten recovery
 * codes once; turned off with the password. At sign-in, the challenge a right password opened takes a
 * code from the app or a recovery code, each once; wrong ones are counted against the account as wrong
 * passwords are.
 */
export const makeTwoStep = Effect.gen(function* () {
  const store = yield* EventStore
  const config = yield* IdentityConfig
  const limiter = yield* RateLimiter
  const users = yield* Users
  const recentSessions = yield* RecentSessions
  const sessions = yield* IdentitySessions
  const tokens = yield* makeTokens
  const codes = yield* makeTwoStepCodes
  const checkPassword = yield* makePasswordCheck
  const signIn = yield* makeSignIn

  const registered = signedInPerson(users)

  /** Counts a wrong code against the account, and refuses once there were too many. */
  const limited = <A, E, R>(userId: string, attempt: Effect.Effect<A, E, R>) => {
    const account = `two-step:account:${userId}`
    const limit = config.limits.loginFailuresPerAccount
    return limiter.check(account, limit).pipe(
      Effect.zipRight(attempt),
      Effect.tapError(() => limiter.hit(account, limit).pipe(Effect.ignore)),
    )
  }

  const status = Effect.fn("Identity.twoStepStatus")(function* (userId: string) {
    const user = yield* registered(userId)
    return {
      on: user.twoStep,
      recoveryCodesLeft: yield* codes.recoveryCodesLeft(userId),
      adminNeedsTwoStep: user.adminNeedsTwoStep,
    }
  })

  const begin = Effect.fn("Identity.beginTwoStep")(function* (userId: string) {
    const user = yield* registered(userId)
    if (user.twoStep) return yield* isOn
    const secret = yield* codes.begin(userId)
    return { secret, uri: secretUri(secret, user.username) }
  })

  /**
   * Turns two-step sign-in on with the app's first code. Every other session ends: each was opened with
   * the password alone, which no longer is enough.
   */
  const turnOn = Effect.fn("Identity.turnOnTwoStep")(function* (
    userId: string,
    code: string,
    currentSession: string | undefined,
  ) {
    const user = yield* registered(userId)
    if (user.twoStep) return yield* isOn
    if ((yield* codes.secretOf(userId)) === undefined) return yield* notStarted
    const recoveryCodes = yield* limited(
      userId,
      store
        .transaction(
          Effect.gen(function* () {
            const recoveryCodes = yield* codes.confirm(userId, code)
            if (recoveryCodes === undefined) return yield* refusals.wrong
            yield* decideUser(userId, { _tag: "TurnOnTwoStep" }, Actors.user(userId))
            if ((yield* sessions.destroyAllOf(userId, currentSession)) > 0)
              yield* recordLogin({ _tag: "LogOut", userId }, Actors.user(userId))
            return recoveryCodes
          }),
        )
        .pipe(
          Effect.catchAll((error) =>
            error._tag === "WrongCode" ? Effect.fail(error) : Effect.die(error),
          ),
        ),
    )
    // Once committed: a request reading a session before that would remember it valid.
    yield* recentSessions.forgetUser(userId)
    return recoveryCodes
  })

  const turnOff = Effect.fn("Identity.turnOffTwoStep")(function* (
    userId: string,
    password: string,
  ) {
    yield* checkPassword(userId, password)
    if (!(yield* registered(userId)).twoStep) return yield* isOff
    yield* store
      .transaction(
        Effect.zipRight(
          codes.remove(userId),
          decideUser(userId, { _tag: "TurnOffTwoStep" }, Actors.user(userId)),
        ),
      )
      .pipe(Effect.orDie)
    yield* recentSessions.forgetUser(userId)
  })

  /** The second step of a sign-in: a session once the challenge's account accepts the code. */
  const secondStep = Effect.fn("Identity.secondStep")(function* (
    challenge: string,
    typed: string,
    client: Client,
    previousSession: string | undefined,
  ) {
    yield* limiter.hit(`login:address:${client.address}`, config.limits.loginPerAddress)
    const userId = yield* tokens.holderOf(challenge, "two-step")
    if (userId === undefined) return yield* expired
    const user = yield* registered(userId)
    yield* limited(
      userId,
      store
        .transaction(
          Effect.gen(function* () {
            const { result, recovery } = yield* codes.check(userId, typed)
            if (result === "wrong") return yield* refusals.wrong
            if (result === "used") return yield* recovery ? refusals.usedRecovery : refusals.usedApp
            if ((yield* tokens.use(challenge, "two-step")) === undefined) return yield* expired
            if (recovery) {
              const left = yield* codes.recoveryCodesLeft(userId)
              yield* decideUser(userId, { _tag: "UseRecoveryCode", left }, Actors.user(userId))
            }
          }),
        )
        .pipe(
          Effect.catchAll((error) =>
            error._tag === "WrongCode" || error._tag === "InvalidToken"
              ? Effect.fail(error)
              : Effect.die(error),
          ),
        ),
    )
    return yield* signIn.enter(user, client, previousSession)
  })

  return { status, begin, turnOn, turnOff, secondStep }
})

export type TwoStepShape = Effect.Effect.Success<typeof makeTwoStep>
