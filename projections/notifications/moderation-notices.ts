import type {
  AppealDecided,
  ReportsDecided,
  SuspensionLifted,
} from "#events/contracts/moderation.ts"
import type { Told } from "./told.ts"

/** The moderation events people are told of. */
export type ModerationNews = ReportsDecided | AppealDecided | SuspensionLifted

/** The song a notice leads to: the hidden song itself, or the song a comment is under. */
const songOf = (event: ReportsDecided | AppealDecided) =>
  event.kind === "song" ? event.itemId : event.songId

const item = (event: ReportsDecided | AppealDecided) => ({
  kind: event.kind,
  itemId: event.itemId,
})

/**
 * Each reporter hears the outcome (never who decided, never a song now hidden from them); the author of
 * a hidden item hears why and that they may appeal; the author of an appeal hears its answer; an account
 * hears its suspension lifted.
 */
export const moderationNotices = (event: ModerationNews): ReadonlyArray<Told> => {
  switch (event._tag) {
    case "ReportsDecided": {
      const reporters = [...new Set(event.reports.map((r) => r.reporterId))].map(
        (userId): Told => ({
          userId,
          kind: "report_decided",
          subjectId: event.itemId,
          detail: { ...item(event), outcome: event.outcome },
        }),
      )
      if (event.outcome !== "hidden") return reporters
      const song = songOf(event)
      return [
        ...reporters,
        {
          userId: event.authorId,
          kind: "hidden",
          subjectId: event.itemId,
          ...(song === undefined ? {} : { songId: song }),
          detail: { ...item(event), reason: event.reason },
        },
      ]
    }
    case "AppealDecided": {
      const song = songOf(event)
      return [
        {
          userId: event.authorId,
          kind: "appeal_decided",
          subjectId: event.itemId,
          ...(song === undefined ? {} : { songId: song }),
          detail: { ...item(event), restored: event.restored, reason: event.reason },
        },
      ]
    }
    case "SuspensionLifted":
      return [{ userId: event.userId, kind: "suspension_lifted", detail: { reason: event.reason } }]
  }
}
