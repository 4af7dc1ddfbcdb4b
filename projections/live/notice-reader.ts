import { Duration, Effect } from "effect"
import { EventStore, EventWakeups, Position } from "#events/store/index.ts"
import { type Notice, noticesOf, noticeTypes } from "./notices.ts"
import { sessionEndTypes, sessionsEndedBy } from "./session-ends.ts"

/** A notice for one person, at the place in the global order of the event it came from. */
export interface Sent {
  readonly position: Position
  readonly userId: string
  readonly notice: Notice
}

/** What the reader tells, in the order of the log, as it reads it. */
export interface NoticeListener {
  /** Called synchronously, so that whoever keeps streams sees notices and kept notices in one order. */
  readonly notice: (sent: Sent) => void
  /** Some of this person's sessions may have ended; run on its own, the reader reading on meanwhile. */
  readonly sessionsEnded: (userId: string) => Effect.Effect<void>
}

/** Notices kept for pages that reconnect (Last-Event-ID): a few minutes' worth on a busy server. */
const kept = 5_000
const batch = 500
const types = [...noticeTypes, ...sessionEndTypes]

/**
 * The event log as the open pages of this process need it: one reader per process, however many pages are
 * open, never a query per page. It follows the log from where it stood when the first page followed,
 * woken by the store's bell (NOTIFY from the other processes) and looking again every second regardless.
 */
export const makeNoticeReader = (listener: NoticeListener) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const wakeups = yield* EventWakeups
    const scope = yield* Effect.scope
    const recent: Array<Sent> = []
    let position = Position.start

    const readNew = Effect.gen(function* () {
      const events = yield* store.readAll(position, { limit: batch, types })
      for (const event of events) {
        position = { transactionId: event.transactionId, globalPosition: event.globalPosition }
        const ended = sessionsEndedBy(event)
        if (ended !== undefined) yield* Effect.forkIn(listener.sessionsEnded(ended), scope)
        for (const noticed of noticesOf(event)) {
          const sent = { position, ...noticed }
          recent.push(sent)
          if (recent.length > kept) recent.shift()
          listener.notice(sent)
        }
      }
      return events.length
    })

    // Read from the first page that follows on, from where the log stands then: a process no page has
    // followed reads nothing.
    const start = yield* Effect.once(
      Effect.gen(function* () {
        position = yield* store.head
        yield* Effect.gen(function* () {
          if ((yield* readNew) < batch) yield* wakeups.nextWithin(Duration.seconds(1))
        }).pipe(
          Effect.catchAllCause((cause) =>
            Effect.logWarning("The notice reader could not read the log", cause),
          ),
          Effect.forever,
          Effect.forkIn(scope),
        )
      }),
    )

    /**
     * A person's notices kept after `after` (none when it is undefined), or null when `after` is older than
     * what is kept: the page must read everything again.
     */
    const missed = (userId: string, after: Position | undefined): ReadonlyArray<Sent> | null => {
      if (after === undefined) return []
      const oldest = recent[0]
      const tooOld =
        (oldest === undefined || Position.compare(after, oldest.position) < 0) &&
        Position.compare(after, position) < 0
      if (tooOld) return null
      return recent.filter(
        (sent) => sent.userId === userId && Position.compare(sent.position, after) > 0,
      )
    }

    return { start, missed }
  })
