import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { SamePassword, WrongPassword } from "./api-account-refusals.ts"
import { IdentityConfig } from "./config.ts"
import { decideUser } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { hashPassword, passwordMatches } from "./passwords.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { Users } from "./users.ts"

export const wrongPassword = new WrongPassword({ message: "Your current password is incorrect." })

/**
 * Checks a signed-in person's current password before a change that needs it, counting failures against
 * the account as sign-ins do: a stolen session cannot guess its way to the password.
 */
export const makePasswordCheck = Effect.gen(function* () {
  const config = yield* IdentityConfig
  const limiter = yield* RateLimiter
  const users = yield* Users
  return Effect.fn("Identity.checkPassword")(function* (userId: string, password: string) {
    const account = `password:account:${userId}`
    yield* limiter.check(account, config.limits.loginFailuresPerAccount)
    const passwordHash = yield* users.passwordHashOf(userId)
    if (passwordHash !== undefined && (yield* passwordMatches(passwordHash, password))) return
    yield* limiter.hit(account, config.limits.loginFailuresPerAccount).pipe(Effect.ignore)
    return yield* wrongPassword
  })
})

/** A person changes their password, giving the current one; every other session of theirs ends. */
export const makePasswordChange = Effect.gen(function* () {
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient
  const sessions = yield* IdentitySessions
  const recentSessions = yield* RecentSessions
  const checkPassword = yield* makePasswordCheck

  return Effect.fn("Identity.changePassword")(function* (
    userId: string,
    currentSession: string | undefined,
    passwords: { readonly current: string; readonly next: string },
  ) {
    yield* checkPassword(userId, passwords.current)
    if (passwords.next === passwords.current)
      return yield* new SamePassword({
        message: "Your new password must be different from your current one.",
      })
    const passwordHash = yield* hashPassword(passwords.next)
    const ended = yield* store
      .transaction(
        Effect.gen(function* () {
          yield* sql`update identity.credentials set password_hash = ${passwordHash}, updated_at = now()
                     where user_id = ${userId}`
          yield* decideUser(userId, { _tag: "ChangePassword" }, Actors.user(userId))
          return yield* sessions.destroyAllOf(userId, currentSession)
        }),
      )
      .pipe(Effect.orDie)
    // Once committed: a request reading a session before that would remember it valid.
    yield* recentSessions.forgetUser(userId)
    return ended
  })
})
