import { SqlClient } from "@effect/sql"
import { Duration, Effect, Schema } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import type { Client } from "#toolkit/client.ts"
import { type JobKind, JobQueue } from "#toolkit/jobs.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { InvalidToken } from "./api.ts"
import { IdentityConfig } from "./config.ts"
import { decideUser } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import type { IdentityJobContext } from "./mail-delivery.ts"
import { sendMailedLink } from "./mailed-link.ts"
import { passwordResetMail } from "./mails.ts"
import { hashPassword } from "./passwords.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { makeTokens } from "./tokens.ts"

/**
 * Sends a reset link to the account with this address, if there is one. A job, so that the request answers
 * the same, as fast, whether or not the address exists.
 */
export const sendPasswordReset: JobKind<{ readonly email: string }, IdentityJobContext> = {
  name: "identity:send-password-reset",
  payload: Schema.Struct({ email: Schema.String }),
  maxAttempts: 5,
  run: ({ email }) =>
    Effect.flatMap(IdentityConfig, (config) =>
      sendMailedLink(
        {
          purpose: "reset-password",
          page: "/reset-password",
          ttl: config.resetTokenTtl,
          command: (expiresAt) => ({ _tag: "RequestPasswordReset", expiresAt }),
          mail: (user, link) =>
            passwordResetMail(
              user.email,
              user.name,
              link,
              Math.round(Duration.toMinutes(config.resetTokenTtl)),
            ),
        },
        email,
      ),
    ),
}

const invalidResetToken = new InvalidToken({
  message:
    "The password reset link is invalid or has expired. Please request a new password reset link.",
})

export const makePasswordReset = Effect.gen(function* () {
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient
  const config = yield* IdentityConfig
  const limiter = yield* RateLimiter
  const jobs = yield* JobQueue
  const sessions = yield* IdentitySessions
  const tokens = yield* makeTokens
  const recentSessions = yield* RecentSessions

  const requestReset = Effect.fn("Identity.forgotPassword")(function* (
    email: string,
    client: Client,
  ) {
    yield* limiter.hit(`mail:address:${client.address}`, config.limits.mailsPerAddress)
    yield* limiter.hit(`mail:account:${email}`, config.limits.mailsPerAccount)
    yield* jobs.enqueue(sendPasswordReset, { email })
  })

  const isValid = (token: string) =>
    token.length === 0 ? Effect.succeed(false) : tokens.isUsable(token, "reset-password")

  /** Sets the new password and signs the account out everywhere; the link is used up. */
  const reset = Effect.fn("Identity.resetPassword")(function* (
    token: string,
    password: string,
    client: Client,
  ) {
    yield* limiter.hit(`reset:address:${client.address}`, config.limits.loginPerAddress)
    const passwordHash = yield* hashPassword(password)
    const userId = yield* store
      .transaction(
        Effect.gen(function* () {
          const userId = yield* tokens.use(token, "reset-password")
          if (userId === undefined) return yield* invalidResetToken
          yield* sql`update identity.credentials set password_hash = ${passwordHash}, updated_at = now()
                     where user_id = ${userId}`
          yield* decideUser(userId, { _tag: "ResetPassword" }, Actors.user(userId))
          yield* sessions.destroyAllOf(userId)
          return userId
        }),
      )
      .pipe(
        Effect.catchAll((error) =>
          error._tag === "InvalidToken" ? Effect.fail(error) : Effect.die(error),
        ),
      )
    // Once committed: a request reading a session before that would remember it valid.
    yield* recentSessions.forgetUser(userId)
  })

  return { requestReset, isValid, reset }
})
