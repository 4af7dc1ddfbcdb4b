import { type Duration, Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { EventStore } from "#events/store/index.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { fromNow } from "#toolkit/clock.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { decideUser } from "./identity-events.ts"
import { deliverMail } from "./mail-delivery.ts"
import type { OutgoingMail } from "./mailer.ts"
import { makeTokens, newToken, type TokenPurpose } from "./tokens.ts"
import type { Registered, UserCommand } from "./user-decider.ts"
import { Users } from "./users.ts"

export interface MailedLink {
  readonly purpose: TokenPurpose
  /** The app's page the link opens, with the token in its query. */
  readonly page: "/verify-email" | "/reset-password"
  readonly ttl: Duration.Duration
  /** Accounts that get no link (a verified one asking to verify again). */
  readonly skip?: (user: Registered) => boolean
  /** What the user's stream records of the request. */
  readonly command: (expiresAt: Date) => UserCommand
  readonly mail: (user: Registered, link: string) => OutgoingMail
}

/**
 * Mails a one-time link to the account with this address, if there is one: the request on the user's
 * stream, the token and the queued mail commit together, or none of them does. Run as a job, so asking by
 * address answers the same, as fast, whether or not the account exists.
 */
export const sendMailedLink = (link: MailedLink, email: string) =>
  Effect.gen(function* () {
    const users = yield* Users
    const store = yield* EventStore
    const appUrl = yield* AppUrl
    const jobs = yield* JobQueue
    const tokens = yield* makeTokens
    const userId = yield* users.idOf(email)
    const user = userId === undefined ? undefined : yield* users.byId(userId)
    if (user === undefined || link.skip?.(user)) return
    const token = newToken()
    const expiresAt = yield* fromNow(link.ttl)
    yield* store.transaction(
      Effect.gen(function* () {
        yield* decideUser(user.userId, link.command(expiresAt), Actors.system("identity"))
        yield* tokens.issue(user.userId, link.purpose, token, expiresAt)
        yield* jobs.enqueue(deliverMail, link.mail(user, `${appUrl}${link.page}?token=${token}`))
      }),
    )
  })
