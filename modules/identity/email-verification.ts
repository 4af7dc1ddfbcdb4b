import { Duration, Effect, Option, Schema } from "effect"
import { notSignedIn, type SignedInUser } from "#api/auth.ts"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import type { Client } from "#toolkit/client.ts"
import { type JobKind, JobQueue } from "#toolkit/jobs.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { AlreadyVerified, InvalidToken } from "./api.ts"
import { IdentityConfig } from "./config.ts"
import { decideUser } from "./identity-events.ts"
import type { IdentityJobContext } from "./mail-delivery.ts"
import { sendMailedLink } from "./mailed-link.ts"
import { verificationMail } from "./mails.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { makeTokens } from "./tokens.ts"
import { Users } from "./users.ts"

/**
 * Sends a fresh verification link to the account with this address, unless it is verified already. A job,
 * so that asking by address answers the same, as fast, whether or not the account exists.
 */
export const sendVerification: JobKind<{ readonly email: string }, IdentityJobContext> = {
  name: "identity:send-verification",
  payload: Schema.Struct({ email: Schema.String }),
  maxAttempts: 5,
  run: ({ email }) =>
    Effect.flatMap(IdentityConfig, (config) =>
      sendMailedLink(
        {
          purpose: "verify-email",
          page: "/verify-email",
          ttl: config.verificationTokenTtl,
          skip: (user) => user.emailVerified,
          command: (expiresAt) => ({ _tag: "RequestEmailVerification", expiresAt }),
          mail: (user, link) =>
            verificationMail(
              user.email,
              user.name,
              link,
              Math.round(Duration.toHours(config.verificationTokenTtl)),
            ),
        },
        email,
      ),
    ),
}

const verificationFailed = new InvalidToken({
  message: "We couldn't verify your email. The link may have expired or is invalid.",
})

export const makeEmailVerification = Effect.gen(function* () {
  const store = yield* EventStore
  const config = yield* IdentityConfig
  const limiter = yield* RateLimiter
  const jobs = yield* JobQueue
  const users = yield* Users
  const tokens = yield* makeTokens
  const recentSessions = yield* RecentSessions

  /** For the signed-in user, or (from a browser without a session) for the account with this address. */
  const resend = Effect.fn("Identity.resendVerification")(function* (
    viewer: SignedInUser | undefined,
    email: string | undefined,
    client: Client,
  ) {
    const state = viewer === undefined ? undefined : yield* users.byId(viewer.userId)
    const address = state?.email ?? email
    if (address === undefined) return yield* notSignedIn
    yield* limiter.hit(`mail:address:${client.address}`, config.limits.mailsPerAddress)
    yield* limiter.hit(`mail:account:${address}`, config.limits.mailsPerAccount)
    if (state?.emailVerified)
      return yield* new AlreadyVerified({ message: "Your email is already verified." })
    yield* jobs.enqueue(sendVerification, { email: address })
  })

  const verify = Effect.fn("Identity.verifyEmail")(function* (token: string) {
    const userId = yield* store
      .transaction(
        Effect.gen(function* () {
          const userId = yield* tokens.use(token, "verify-email")
          if (userId === undefined) return yield* verificationFailed
          yield* decideUser(
            userId,
            { _tag: "VerifyEmail", adminEmail: Option.getOrUndefined(config.adminEmail) },
            Actors.user(userId),
          )
          return userId
        }),
      )
      .pipe(
        Effect.catchAll((error) =>
          error._tag === "InvalidToken" ? Effect.fail(error) : Effect.die(error),
        ),
      )
    // Once committed: a request reading the account before that would remember it unverified.
    yield* recentSessions.forgetUser(userId)
  })

  return { resend, verify }
})
