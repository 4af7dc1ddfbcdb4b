import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { Outcome, ReportedKind } from "#events/contracts/moderation.ts"

export const notificationKinds = [
  "song_ready",
  "song_failed",
  "follower",
  "comment",
  "reply",
  "likes",
  "report_decided",
  "hidden",
  "appeal_decided",
  "suspension_lifted",
] as const

/** Something a person is told: what happened, who did it, and the song it is about. */
export class NotificationView extends Schema.Class<NotificationView>("NotificationView")({
  /** Its place in the global order: newer ones have higher ids. */
  id: Schema.Int,
  kind: Schema.Literal(...notificationKinds),
  read: Schema.Boolean,
  createdAt: Schema.Date,
  /** Who followed, commented or replied. */
  actor: Schema.NullOr(Schema.Struct({ username: Schema.String })),
  song: Schema.NullOr(Schema.Struct({ id: Schema.String, title: Schema.String })),
  /** A finished or failed song's title, as it was asked for. */
  title: Schema.NullOr(Schema.String),
  /** Why a song failed, or why an admin decided as they did. */
  reason: Schema.NullOr(Schema.String),
  credits: Schema.NullOr(Schema.Int),
  /** The likes a song reached. */
  likes: Schema.NullOr(Schema.Int),
  /** What a moderation decision was about: a report's item, or the person's own hidden one. */
  item: Schema.NullOr(Schema.Struct({ kind: ReportedKind, id: Schema.String })),
  /** What was decided of a reported item. */
  outcome: Schema.NullOr(Outcome),
  /** Whether an appeal brought the item back. */
  restored: Schema.NullOr(Schema.Boolean),
}) {}

export class NotificationsPage extends Schema.Class<NotificationsPage>("NotificationsPage")({
  unread: Schema.Int,
  notifications: Schema.Array(NotificationView),
}) {}

/** The most unread notifications counted: the bell shows "99+" from a hundred. */
export const unreadCountedUpTo = 100

export class UnreadCount extends Schema.Class<UnreadCount>("UnreadCount")({
  /** How many are unread, counted up to `unreadCountedUpTo`. */
  unread: Schema.Int,
}) {}

export const NotificationsParams = Schema.Struct({
  /** Older than this id: the next page. */
  before: Schema.optional(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, Number.MAX_SAFE_INTEGER)),
      "before must be a notification's id",
    ),
  ),
  limit: Schema.optionalWith(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 50)),
      "limit must be a whole number from 1 to 50",
    ),
    { default: () => 20 },
  ),
})

/** A person's own notifications: no one reads another's. */
export class NotificationReadsApi extends HttpApiGroup.make("notificationReads")
  .add(
    HttpApiEndpoint.get("notifications", "/notifications")
      .setUrlParams(NotificationsParams)
      .addSuccess(NotificationsPage)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("unread", "/notifications/unread")
      .addSuccess(UnreadCount)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "A person's notifications, newest first, and how many are unread.",
  ) {}
