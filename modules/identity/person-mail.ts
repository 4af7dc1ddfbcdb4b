import { Effect, Layer } from "effect"
import { JobQueue } from "#toolkit/jobs.ts"
import { PersonMail } from "#toolkit/person-mail.ts"
import { deliverMail } from "./mail-delivery.ts"
import { Users } from "./users.ts"

/** A message for a person, addressed by identity: other modules never hold people's addresses. */
export interface PersonMessage {
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * Queues a mail to the person with this id, inside the caller's transaction when there is one; `key`
 * makes a queued one replace itself rather than double. Answers false when there is nobody to mail (an
 * account whose personal data was erased).
 */
export const makePersonMailer = Effect.gen(function* () {
  const users = yield* Users
  const jobs = yield* JobQueue
  return (userId: string, message: PersonMessage, key: string) =>
    Effect.gen(function* () {
      const user = yield* users.byId(userId)
      if (user === undefined) return false
      yield* jobs.enqueue(deliverMail, { to: user.email, ...message }, { key })
      return true
    })
})

/** Mail to people by id, for the modules that know them only so (see toolkit/person-mail.ts). */
export const PersonMailLive = Layer.effect(
  PersonMail,
  Effect.map(makePersonMailer, (send) => PersonMail.of({ send })),
)
