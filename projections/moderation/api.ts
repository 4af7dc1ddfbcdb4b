import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly } from "#api/auth.ts"
import { pageFields } from "#api/page-params.ts"
import { ReportedKind, ReportReason } from "#events/contracts/moderation.ts"

/** One report of an item, as the queue shows it. */
export class QueuedReport extends Schema.Class<QueuedReport>("QueuedReport")({
  reporter: Schema.String,
  reason: ReportReason,
  details: Schema.String,
  filedAt: Schema.Date,
}) {}

/** An item people reported: what it is, whose, how it read, and every report of it, newest first. */
export class ReportedItem extends Schema.Class<ReportedItem>("ReportedItem")({
  kind: ReportedKind,
  id: Schema.String,
  author: Schema.String,
  /** How it read when it was last reported. */
  seen: Schema.String,
  count: Schema.Int,
  reports: Schema.Array(QueuedReport),
}) {}

export class ReportQueue extends Schema.Class<ReportQueue>("ReportQueue")({
  /** Items with reports, in all. */
  total: Schema.Int,
  items: Schema.Array(ReportedItem),
}) {}

export const QueueParams = Schema.Struct({
  ...pageFields({ maxLimit: 100, defaultLimit: 50, maxOffset: 1_000_000 }),
})

/** The moderation queue: reported items, the most reported first, for admins. */
export class ModerationQueueApi extends HttpApiGroup.make("moderationQueue")
  .add(
    HttpApiEndpoint.get("reports", "/admin/reports")
      .setUrlParams(QueueParams)
      .addSuccess(ReportQueue)
      .middleware(AdminOnly),
  )
  .annotate(OpenApi.Description, "Reported items, grouped, the most reported first: for admins.") {}
