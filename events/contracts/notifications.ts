import { Schema } from "effect"

/**
 * What a person has read of their notifications, on `notifications-<userId>`. A notification's id is the
 * place in the global order of the event it tells of, so reading "through" one reads every older one.
 */

/** Every notification up to and including `through` is read. */
export class NotificationsRead extends Schema.TaggedClass<NotificationsRead>()(
  "NotificationsRead",
  {
    userId: Schema.String,
    through: Schema.Int,
  },
) {}

/** One notification is read. */
export class NotificationRead extends Schema.TaggedClass<NotificationRead>()("NotificationRead", {
  userId: Schema.String,
  notificationId: Schema.Int,
}) {}

export const NotificationReadingEvent = Schema.Union(NotificationsRead, NotificationRead)
export type NotificationReadingEvent = typeof NotificationReadingEvent.Type

/** What a person may be mailed of: a song of theirs finished, a reply to a comment of theirs. */
export const EmailTopic = Schema.Literal("song_finished", "replies")
export type EmailTopic = typeof EmailTopic.Type

/**
 * The person turned mail about `topic` on or off: in their settings, or off through a mail's unsubscribe
 * link.
 */
export class EmailChoiceChanged extends Schema.TaggedClass<EmailChoiceChanged>()(
  "EmailChoiceChanged",
  { userId: Schema.String, topic: EmailTopic, enabled: Schema.Boolean },
) {}

export const notificationStreams = {
  person: (userId: string) => `notifications-${userId}`,
  emailChoices: (userId: string) => `email-choices-${userId}`,
}
