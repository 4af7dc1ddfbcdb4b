import { Schema } from "effect"

/**
 * Reports of what people made or said, and what admins decide of them. A person's report of an item is on
 * `report-<reporterId>-<kind>-<itemId>`, so one person has one open report per item however often they
 * press, and two people's reports never contend.
 */

export const ReportedKind = Schema.Literal("song", "comment", "playlist", "creator")
export type ReportedKind = typeof ReportedKind.Type

/** Why, from a fixed list; "other" says it in words. */
export const ReportReason = Schema.Literal(
  "spam",
  "harassment",
  "hate",
  "sexual content",
  "impersonation",
  "copyright",
  "other",
)
export type ReportReason = typeof ReportReason.Type

/** `reporterId` reported the `kind` `itemId`, whose author is `authorId`, for `reason`. */
export class ReportFiled extends Schema.TaggedClass<ReportFiled>()("ReportFiled", {
  reportId: Schema.String,
  reporterId: Schema.String,
  kind: ReportedKind,
  itemId: Schema.String,
  authorId: Schema.String,
  reason: ReportReason,
  /** What the reporter wrote: required for "other", up to 500 characters. */
  details: Schema.String,
  /** The item as the reporter saw it: a song's or playlist's title, a comment's text, a username. */
  seen: Schema.String,
}) {}

export const ReportEvent = Schema.Union(ReportFiled)
export type ReportEvent = typeof ReportEvent.Type

export const moderationStreams = {
  report: (reporterId: string, kind: ReportedKind, itemId: string) =>
    `report-${reporterId}-${kind}-${itemId}`,
}
