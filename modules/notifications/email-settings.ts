import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { type Actor, Actors } from "#events/contracts/actor.ts"
import {
  EmailChoiceChanged,
  type EmailTopic,
  notificationStreams,
} from "#events/contracts/notifications.ts"
import { fold } from "#events/decider.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { type EmailChoices, emailChoices } from "./email-choices.ts"

const decode = decodeAll(EmailChoiceChanged)

const unknownLink = new NotFound({
  message:
    "This unsubscribe link is not valid. Choose which e-mails you get in your notifications.",
})

/**
 * Which mails a person gets, chosen signed in or turned off through a mail's link; the link is a random
 * token per person and topic, kept in this module's table, so it works without signing in and names
 * nothing about the person.
 */
export class EmailSettings extends Context.Tag("@melody/notifications/EmailSettings")<
  EmailSettings,
  {
    readonly choicesOf: (userId: string) => Effect.Effect<EmailChoices>
    readonly choose: (
      user: SignedInUser,
      changes: Partial<Record<EmailTopic, boolean>>,
    ) => Writes<EmailChoices>
    /** Turns off the topic a link names: what it turned off. */
    readonly unsubscribe: (token: string) => Writes<EmailTopic, NotFound>
    /** The token of this person's link for this topic, made the first time it is asked for. */
    readonly linkToken: (userId: string, topic: EmailTopic) => Effect.Effect<string>
  }
>() {
  static readonly live = Layer.effect(
    EmailSettings,
    Effect.gen(function* () {
      const store = yield* EventStore
      const sql = yield* SqlClient.SqlClient

      const choicesOf = (userId: string) =>
        store.readStream(notificationStreams.emailChoices(userId)).pipe(
          Effect.flatMap(decode),
          Effect.map((history) =>
            fold(
              emailChoices,
              history.map((e) => e.event),
            ),
          ),
          Effect.orDie,
        )

      const set = (userId: string, topic: EmailTopic, enabled: boolean, actor: Actor) =>
        runCommand({
          decider: emailChoices,
          events: EmailChoiceChanged,
          streamId: notificationStreams.emailChoices(userId),
          command: { userId, topic, enabled },
          actor,
          maxAttempts: 10,
        }).pipe(Effect.orDie)

      return EmailSettings.of({
        choicesOf,
        choose: (user, changes) =>
          Effect.gen(function* () {
            for (const [topic, enabled] of Object.entries(changes) as Array<
              [EmailTopic, boolean]
            >) {
              yield* set(user.userId, topic, enabled, actorOf(user))
            }
            return yield* choicesOf(user.userId)
          }),
        unsubscribe: (token) =>
          Effect.gen(function* () {
            const [link] = yield* sql<{ userId: string; topic: EmailTopic }>`
              select user_id as "userId", topic from notifications.unsubscribe_links
               where token = ${token}`.pipe(Effect.orDie)
            if (link === undefined) return yield* unknownLink
            // The link is the person's own, sent only to them: they act through it, signed in or not.
            yield* set(link.userId, link.topic, false, Actors.user(link.userId))
            return link.topic
          }),
        linkToken: (userId, topic) =>
          Effect.gen(function* () {
            yield* sql`
              insert into notifications.unsubscribe_links (token, user_id, topic)
              values (${randomBytes(24).toString("base64url")}, ${userId}, ${topic})
              on conflict (user_id, topic) do nothing`
            const [link] = yield* sql<{ token: string }>`
              select token from notifications.unsubscribe_links
               where user_id = ${userId} and topic = ${topic}`
            return link!.token
          }).pipe(Effect.orDie),
      })
    }),
  )
}
