import { Duration, Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { fromNow } from "#toolkit/clock.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { SameEmail } from "./api-account-refusals.ts"
import { EmailTaken, InvalidToken } from "./api-refusals.ts"
import { IdentityConfig } from "./config.ts"
import { confirmEmailMail, emailChangedMail } from "./email-change-mails.ts"
import { claimEmail, decideUser, recordLogin } from "./identity-events.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { deliverMail } from "./mail-delivery.ts"
import { makePasswordCheck } from "./password-change.ts"
import { RecentSessions } from "./recent-sessions.ts"
import { makeTokens, newToken } from "./tokens.ts"
import { Users } from "./users.ts"

/** How long the old address's notice can take a change back. */
export const undoWindow = Duration.days(7)

const taken = new EmailTaken({ message: "An account with this email already exists" })
const badConfirmLink = new InvalidToken({
  message: "We couldn't change your email. The link may have expired or is invalid.",
})
const badUndoLink = new InvalidToken({
  message: "We couldn't undo the change. The link may have expired, been used, or is invalid.",
})

/**
 * Moving an account to another address: asked with the current password, done from a link mailed to the
 * new address, and told to the old one, whose link takes it back for a week and signs every session out
 * (whoever changed it is then out). The new address is claimed when the change is done, so two accounts
 * asking for the same one cannot both get it.
 */
export const makeEmailChange = Effect.gen(function* () {
  const store = yield* EventStore
  const config = yield* IdentityConfig
  const appUrl = yield* AppUrl
  const limiter = yield* RateLimiter
  const jobs = yield* JobQueue
  const users = yield* Users
  const sessions = yield* IdentitySessions
  const recentSessions = yield* RecentSessions
  const tokens = yield* makeTokens
  const checkPassword = yield* makePasswordCheck

  const isTakenFor = (userId: string, email: string) =>
    Effect.map(users.holderOfEmail(email), (holder) => holder !== undefined && holder !== userId)

  const request = Effect.fn("Identity.requestEmailChange")(function* (
    userId: string,
    change: { readonly email: string; readonly currentPassword: string },
  ) {
    yield* checkPassword(userId, change.currentPassword)
    const user = yield* users.byId(userId)
    if (user === undefined) return yield* Effect.die("a signed-in person without an account")
    if (user.email.toLowerCase() === change.email.toLowerCase())
      return yield* new SameEmail({ message: "This is your email already." })
    if (yield* isTakenFor(userId, change.email)) return yield* taken
    yield* limiter.hit(`mail:account:${userId}`, config.limits.mailsPerAccount)
    const token = newToken()
    const expiresAt = yield* fromNow(config.verificationTokenTtl)
    yield* store
      .transaction(
        Effect.gen(function* () {
          yield* decideUser(
            userId,
            { _tag: "RequestEmailChange", email: change.email, expiresAt },
            Actors.user(userId),
          )
          yield* tokens.issue(userId, "change-email", token, expiresAt)
          yield* jobs.enqueue(
            deliverMail,
            confirmEmailMail(
              change.email,
              user.name,
              `${appUrl}/email/confirm?token=${token}`,
              Math.round(Duration.toHours(config.verificationTokenTtl)),
            ),
          )
        }),
      )
      .pipe(Effect.orDie)
  })

  const confirm = Effect.fn("Identity.confirmEmailChange")(function* (token: string) {
    const changed = yield* store
      .transaction(
        Effect.gen(function* () {
          const userId = yield* tokens.use(token, "change-email")
          const user = userId === undefined ? undefined : yield* users.byId(userId)
          if (user?.pendingEmail === undefined) return yield* badConfirmLink
          yield* claimEmail(user.pendingEmail, user.userId, Actors.user(user.userId)).pipe(
            Effect.catchTag("AlreadyClaimed", () => taken),
          )
          yield* decideUser(user.userId, { _tag: "ConfirmEmailChange" }, Actors.user(user.userId))
          const undo = newToken()
          yield* tokens.issue(user.userId, "undo-email-change", undo, yield* fromNow(undoWindow))
          yield* jobs.enqueue(
            deliverMail,
            emailChangedMail(
              user.email,
              user.name,
              user.pendingEmail,
              `${appUrl}/email/undo?token=${undo}`,
              Duration.toDays(undoWindow),
            ),
          )
          return { userId: user.userId, email: user.pendingEmail }
        }),
      )
      .pipe(
        Effect.catchAll((error) =>
          error._tag === "InvalidToken" || error._tag === "EmailTaken"
            ? Effect.fail(error)
            : Effect.die(error),
        ),
      )
    // Once committed: a request reading the account before that would remember the old address.
    yield* recentSessions.forgetUser(changed.userId)
    return changed.email
  })

  const undo = Effect.fn("Identity.undoEmailChange")(function* (token: string) {
    const restored = yield* store
      .transaction(
        Effect.gen(function* () {
          const userId = yield* tokens.use(token, "undo-email-change")
          const user = userId === undefined ? undefined : yield* users.byId(userId)
          if (user?.previousEmail === undefined) return yield* badUndoLink
          yield* decideUser(user.userId, { _tag: "UndoEmailChange" }, Actors.user(user.userId))
          // Whoever made the change may have asked for another: that link stops working too.
          yield* tokens.revoke(user.userId, "change-email")
          const ended = yield* sessions.destroyAllOf(user.userId)
          if (ended > 0)
            yield* recordLogin({ _tag: "LogOut", userId: user.userId }, Actors.user(user.userId))
          return { userId: user.userId, email: user.previousEmail }
        }),
      )
      .pipe(
        Effect.catchAll((error) =>
          error._tag === "InvalidToken" ? Effect.fail(error) : Effect.die(error),
        ),
      )
    yield* recentSessions.forgetUser(restored.userId)
    return restored.email
  })

  return { request, confirm, undo }
})
