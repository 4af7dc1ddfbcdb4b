import { Schema } from "effect"
import { CaseEvent, SuspensionEvent } from "#events/contracts/moderation.ts"
import type { Activity } from "./activity-of.ts"

/** Reports, decisions, appeals and suspensions: each a row of whoever did it, admins' with their reason. */
export const ModerationActivityEvent = Schema.Union(
  ...CaseEvent.members,
  ...SuspensionEvent.members,
)
export type ModerationActivityEvent = typeof ModerationActivityEvent.Type

const tags: ReadonlySet<string> = new Set(ModerationActivityEvent.members.map((m) => m._tag))

export const isModerationActivity = (event: {
  readonly _tag: string
}): event is ModerationActivityEvent => tags.has(event._tag)

export const moderationActivityOf = (event: ModerationActivityEvent): Activity => {
  switch (event._tag) {
    case "ReportFiled":
      return {
        userId: event.reporterId,
        type: "report",
        details: { kind: event.kind, itemId: event.itemId, reason: event.reason },
      }
    case "ReportsDecided":
      return {
        userId: event.adminId,
        type: "moderation_decision",
        details: {
          kind: event.kind,
          itemId: event.itemId,
          authorId: event.authorId,
          outcome: event.outcome,
          reason: event.reason,
          reports: event.reports.length,
        },
      }
    case "HidingAppealed":
      return {
        userId: event.authorId,
        type: "appeal",
        details: { kind: event.kind, itemId: event.itemId, text: event.text },
      }
    case "AppealDecided":
      return {
        userId: event.adminId,
        type: "appeal_decided",
        details: {
          kind: event.kind,
          itemId: event.itemId,
          authorId: event.authorId,
          restored: event.restored,
          reason: event.reason,
        },
      }
    case "AccountSuspended":
      return {
        userId: event.adminId,
        type: "suspend_account",
        details: { suspendedId: event.userId, reason: event.reason, until: event.until },
      }
    case "SuspensionLifted":
      return {
        userId: event.adminId ?? event.userId,
        type: "lift_suspension",
        details: { suspendedId: event.userId, reason: event.reason },
      }
  }
}
