import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { makeEmailChange } from "./email-change.ts"
import { recordLogin } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { makePasskeys } from "./passkeys.ts"
import { makePasswordChange } from "./password-change.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { makeTwoStep } from "./two-step.ts"

/**
 * What a signed-in person does to their own account: change their password and their address, turn two-step
 * sign-in on and off, add and remove passkeys, see their sessions and end them. Each ended session is recorded as a sign-out, so that the person's other tabs and an administrator
 * see it happened.
 */
export const makeAccount = Effect.gen(function* () {
  const sessions = yield* IdentitySessions
  const recentSessions = yield* RecentSessions
  const changePassword = yield* makePasswordChange
  const emailChange = yield* makeEmailChange
  const twoStep = yield* makeTwoStep
  const passkeys = yield* makePasskeys

  const signedOut = (userId: string) => recordLogin({ _tag: "LogOut", userId }, Actors.user(userId))

  /** Ends the session listed as `key`; false when it is not one of the person's open sessions. */
  const endSession = Effect.fn("Identity.endSession")(function* (userId: string, key: string) {
    const ended = yield* sessions.destroyKeyed(userId, key)
    if (!ended) return false
    yield* recentSessions.forgetUser(userId)
    yield* signedOut(userId)
    return true
  })

  /** Ends every session of the person's but `current`; how many ended. */
  const endOtherSessions = Effect.fn("Identity.endOtherSessions")(function* (
    userId: string,
    current: string | undefined,
  ) {
    const ended = yield* sessions.destroyAllOf(userId, current)
    if (ended === 0) return 0
    yield* recentSessions.forgetUser(userId)
    yield* signedOut(userId)
    return ended
  })

  return {
    changePassword,
    emailChange,
    twoStep,
    passkeys,
    sessionsOf: sessions.listOf,
    endSession,
    endOtherSessions,
  }
})

export type AccountShape = Effect.Effect.Success<typeof makeAccount>
