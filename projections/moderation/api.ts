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
  /** The song a comment is under, to read it in its place. */
  songId: Schema.NullOr(Schema.String),
  count: Schema.Int,
  reports: Schema.Array(QueuedReport),
}) {}

export class ReportQueue extends Schema.Class<ReportQueue>("ReportQueue")({
  /** Items with reports, in all. */
  total: Schema.Int,
  items: Schema.Array(ReportedItem),
}) {}

/** A hidden item's author asks for it back: for an admin other than the one who hid it. */
export class OpenAppeal extends Schema.Class<OpenAppeal>("OpenAppeal")({
  kind: ReportedKind,
  id: Schema.String,
  author: Schema.String,
  text: Schema.String,
  appealedAt: Schema.Date,
  hiddenBy: Schema.String,
  hiddenReason: Schema.String,
}) {}

/** An account kept out, why and until when (null: until lifted). */
export class StandingSuspension extends Schema.Class<StandingSuspension>("StandingSuspension")({
  username: Schema.String,
  reason: Schema.String,
  by: Schema.String,
  since: Schema.Date,
  until: Schema.NullOr(Schema.Date),
}) {}

export const QueueParams = Schema.Struct({
  ...pageFields({ maxLimit: 100, defaultLimit: 50, maxOffset: 1_000_000 }),
})

/** The moderation queue for admins: open reports grouped by item, open appeals, standing suspensions. */
export class ModerationQueueApi extends HttpApiGroup.make("moderationQueue")
  .add(
    HttpApiEndpoint.get("reports", "/admin/reports")
      .setUrlParams(QueueParams)
      .addSuccess(ReportQueue)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("appeals", "/admin/appeals")
      .addSuccess(Schema.Array(OpenAppeal))
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("suspensions", "/admin/suspensions")
      .addSuccess(Schema.Array(StandingSuspension))
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Open reports grouped by item (the most reported first), open appeals and suspensions: for admins.",
  ) {}
