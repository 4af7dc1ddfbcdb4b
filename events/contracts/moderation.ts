import { Schema } from "effect"

/**
 * Reports of what people made or said, what admins decide of them, and suspensions of accounts. Every
 * report of an item and every decision about it are on the item's case, `moderation-<kind>-<itemId>`, so
 * a decision closes exactly the reports open when it was made, and one person has one open report per
 * item however often they press. A suspension is on the account's own stream, `suspension-<userId>`.
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
  /** The song a reported comment is under, to read it in its place. */
  songId: Schema.optionalWith(Schema.String, { exact: true }),
}) {}

/** A report a decision closed, with who filed it, to tell them the outcome. */
export const DecidedReport = Schema.Struct({ reportId: Schema.String, reporterId: Schema.String })

/**
 * What an admin decided of an item: left as it is, hidden from everyone but its author, or its author's
 * account suspended (the suspension itself is on the account's stream).
 */
export const Outcome = Schema.Literal("dismissed", "hidden", "author suspended")
export type Outcome = typeof Outcome.Type

/** `adminId` decided the item's open `reports`; `reason` is recorded, and shown to the author of a hiding. */
export class ReportsDecided extends Schema.TaggedClass<ReportsDecided>()("ReportsDecided", {
  kind: ReportedKind,
  itemId: Schema.String,
  authorId: Schema.String,
  adminId: Schema.String,
  outcome: Outcome,
  reason: Schema.String,
  reports: Schema.Array(DecidedReport),
  /** The song a comment is under. */
  songId: Schema.optionalWith(Schema.String, { exact: true }),
}) {}

/** The author of a hidden item asks, once, for it back. */
export class HidingAppealed extends Schema.TaggedClass<HidingAppealed>()("HidingAppealed", {
  kind: ReportedKind,
  itemId: Schema.String,
  authorId: Schema.String,
  text: Schema.String,
}) {}

/** Another admin than the one who hid it decided the appeal: `restored` brings the item back. */
export class AppealDecided extends Schema.TaggedClass<AppealDecided>()("AppealDecided", {
  kind: ReportedKind,
  itemId: Schema.String,
  authorId: Schema.String,
  adminId: Schema.String,
  restored: Schema.Boolean,
  reason: Schema.String,
  /** The song a comment is under. */
  songId: Schema.optionalWith(Schema.String, { exact: true }),
}) {}

export const CaseEvent = Schema.Union(ReportFiled, ReportsDecided, HidingAppealed, AppealDecided)
export type CaseEvent = typeof CaseEvent.Type

/** An item's hiding began (a decision) or ended (an appeal won): what the read models follow. */
export const HidingEvent = Schema.Union(ReportsDecided, AppealDecided)
export type HidingEvent = typeof HidingEvent.Type

/** `adminId` suspended the account until `until` (null: until lifted), for `reason`. */
export class AccountSuspended extends Schema.TaggedClass<AccountSuspended>()("AccountSuspended", {
  userId: Schema.String,
  adminId: Schema.String,
  reason: Schema.String,
  until: Schema.NullOr(Schema.DateFromString),
}) {}

/** The suspension ended: lifted by an admin, or its time ran out (`adminId` null). */
export class SuspensionLifted extends Schema.TaggedClass<SuspensionLifted>()("SuspensionLifted", {
  userId: Schema.String,
  adminId: Schema.NullOr(Schema.String),
  reason: Schema.String,
}) {}

export const SuspensionEvent = Schema.Union(AccountSuspended, SuspensionLifted)
export type SuspensionEvent = typeof SuspensionEvent.Type

export const moderationStreams = {
  case: (kind: ReportedKind, itemId: string) => `moderation-${kind}-${itemId}`,
  suspension: (userId: string) => `suspension-${userId}`,
}
