import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import type { Client } from "#toolkit/client.ts"
import { fromNow } from "#toolkit/clock.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { EmailTaken, type RegisterPayload, UsernameTaken } from "./api.ts"
import { IdentityConfig } from "./config.ts"
import { claimEmail, claimUsername, decideUser, recordLogin } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { deliverMail } from "./mail-delivery.ts"
import { verificationMail } from "./mails.ts"
import { hashPassword } from "./passwords.ts"
import { makeTokens, newToken } from "./tokens.ts"
import { toView, Users } from "./users.ts"

/**
 * Registration: the username and the address are claimed on their own streams in the same transaction as
 * the new user's stream, so of two people registering the same name at once exactly one succeeds. The new
 * user is signed in and a verification mail is queued with the rest, or none of it happens.
 */
const usernameTaken = Effect.fail(new UsernameTaken({ message: "Username already exists" }))
const emailTaken = Effect.fail(
  new EmailTaken({ message: "An account with this email already exists" }),
)

export const makeRegistration = Effect.gen(function* () {
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient
  const config = yield* IdentityConfig
  const appUrl = yield* AppUrl
  const limiter = yield* RateLimiter
  const jobs = yield* JobQueue
  const sessions = yield* IdentitySessions
  const users = yield* Users
  const tokens = yield* makeTokens

  return Effect.fn("Identity.register")(function* (payload: RegisterPayload, client: Client) {
    yield* limiter.hit(`register:address:${client.address}`, config.limits.registerPerAddress)
    const userId = uuidv7()
    const actor = Actors.user(userId)
    const passwordHash = yield* hashPassword(payload.password)
    const token = newToken()
    const expiresAt = yield* fromNow(config.verificationTokenTtl)
    const { username, email, name } = payload

    const session = yield* store
      .transaction(
        Effect.gen(function* () {
          yield* claimUsername(username, userId, actor).pipe(
            Effect.catchTag("AlreadyClaimed", () => usernameTaken),
          )
          yield* claimEmail(email, userId, actor).pipe(
            Effect.catchTag("AlreadyClaimed", () => emailTaken),
          )
          yield* decideUser(
            userId,
            {
              _tag: "Register",
              userId,
              username,
              email,
              name,
              verificationExpiresAt: expiresAt,
            },
            actor,
          )
          yield* sql`insert into identity.credentials (user_id, password_hash) values (${userId}, ${passwordHash})`
          yield* tokens.issue(userId, "verify-email", token, expiresAt)
          yield* jobs.enqueue(
            deliverMail,
            verificationMail(
              email,
              name,
              `${appUrl}/verify-email?token=${token}`,
              Math.round(Duration.toHours(config.verificationTokenTtl)),
            ),
          )
          yield* recordLogin({ _tag: "LogIn", userId }, actor)
          return yield* sessions.create(userId, client)
        }),
      )
      .pipe(
        Effect.catchAll((error) =>
          error._tag === "UsernameTaken" || error._tag === "EmailTaken"
            ? Effect.fail(error)
            : Effect.die(error),
        ),
      )
    const state = yield* users.byId(userId)
    return { user: toView(state!), session }
  })
})
