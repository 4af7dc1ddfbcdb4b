import { Clock, Effect } from "effect"
import {
  CaseEvent,
  type HidingEvent,
  moderationStreams,
  type ReportedKind,
  SuspensionEvent,
} from "./contracts/moderation.ts"
import { decodeAll, EventStore } from "./store/index.ts"

const decodeCase = decodeAll(CaseEvent)
const decodeSuspension = decodeAll(SuspensionEvent)

/** Whether a hiding event leaves its item hidden (true), restored (false), or unchanged (undefined). */
export const hiddenAfter = (event: HidingEvent): boolean | undefined =>
  event._tag === "AppealDecided"
    ? event.restored
      ? false
      : undefined
    : event.outcome === "hidden"
      ? true
      : undefined

/** An account's suspension as its stream leaves it, whatever the time; undefined when none stands. */
export interface Suspension {
  readonly reason: string
  readonly until: Date | null
  readonly adminId: string
}

export const suspensionOf = (history: Iterable<SuspensionEvent>): Suspension | undefined => {
  let suspension: Suspension | undefined
  for (const event of history) {
    suspension =
      event._tag === "AccountSuspended"
        ? { reason: event.reason, until: event.until, adminId: event.adminId }
        : undefined
  }
  return suspension
}

/** Whether a suspension keeps its account out at `now`: one with a time ends when that time comes. */
export const suspendedAt = (suspension: Suspension | undefined, now: Date) =>
  suspension !== undefined && (suspension.until === null || suspension.until > now)

/**
 * Whether moderation keeps something from everyone but its author: an admin hid it, or its author's
 * account is suspended. Read from the item's case and the author's suspension streams, so every module
 * that lets people see or use another's work (files, comments, playlists) decides as current as the
 * decisions themselves, with nothing asked of the moderation module.
 */
export const makeWithheld = Effect.map(EventStore, (store) => {
  const hidden = (kind: ReportedKind, itemId: string) =>
    store.readStream(moderationStreams.case(kind, itemId)).pipe(
      Effect.flatMap(decodeCase),
      Effect.map((history) => {
        let hidden = false
        for (const { event } of history) {
          if (event._tag === "ReportsDecided" || event._tag === "AppealDecided") {
            hidden = hiddenAfter(event) ?? hidden
          }
        }
        return hidden
      }),
    )

  const suspended = (userId: string) =>
    store.readStream(moderationStreams.suspension(userId)).pipe(
      Effect.flatMap(decodeSuspension),
      Effect.zipWith(Clock.currentTimeMillis, (history, millis) =>
        suspendedAt(suspensionOf(history.map((e) => e.event)), new Date(millis)),
      ),
    )

  return {
    /** Whether `kind` `itemId`, by `authorId`, is kept from others. */
    withheld: (kind: ReportedKind, itemId: string, authorId: string) =>
      Effect.zipWith(hidden(kind, itemId), suspended(authorId), (h, s) => h || s).pipe(
        Effect.orDie,
      ),
    suspended: (userId: string) => suspended(userId).pipe(Effect.orDie),
  }
})
