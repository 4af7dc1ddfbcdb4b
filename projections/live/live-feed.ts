import { Context, Duration, Effect, Layer, PubSub, Stream } from "effect"
import { EventStore, EventWakeups, Position } from "#events/store/index.ts"
import { type Notice, noticeOf, noticeTypes } from "./notices.ts"

/** A notice for one person, at the place in the global order of the event it came from. */
export interface Sent {
  readonly position: Position
  readonly userId: string
  readonly notice: Notice
}

/** Notices kept for pages that reconnect (Last-Event-ID): a few minutes' worth on a busy server. */
const kept = 5_000
const batch = 500

/**
 * Every person's notices as events are committed, for their open pages (live-http.ts). Each server
 * process follows the event log from where it stood when its first page followed, woken by the store's
 * bell (NOTIFY from the other processes) and looking again every second regardless: one reader per
 * process, however many pages are open, never a query per page.
 */
export class LiveFeed extends Context.Tag("@melody/projections/LiveFeed")<
  LiveFeed,
  {
    /**
     * A person's notices from now on, after those they missed since `after` when it is still kept; a
     * reconnect from further back is told to read everything again (`null`).
     */
    readonly follow: (userId: string, after: Position | undefined) => Stream.Stream<Sent | null>
  }
>() {
  static readonly live = Layer.scoped(
    LiveFeed,
    Effect.gen(function* () {
      const store = yield* EventStore
      const wakeups = yield* EventWakeups
      const published = yield* PubSub.unbounded<Sent>()
      const recent: Array<Sent> = []
      let position = Position.start

      const readNew = Effect.gen(function* () {
        const events = yield* store.readAll(position, { limit: batch, types: noticeTypes })
        for (const event of events) {
          position = { transactionId: event.transactionId, globalPosition: event.globalPosition }
          const noticed = noticeOf(event)
          if (noticed === undefined) continue
          const sent = { position, ...noticed }
          recent.push(sent)
          if (recent.length > kept) recent.shift()
          yield* PubSub.publish(published, sent)
        }
        return events.length
      })
      // Read from the first page that follows on, from where the log stands then: a process no page has
      // followed reads nothing.
      const scope = yield* Effect.scope
      const startReading = yield* Effect.once(
        Effect.gen(function* () {
          position = yield* store.head
          yield* Effect.gen(function* () {
            if ((yield* readNew) < batch)
              yield* wakeups.next.pipe(Effect.timeoutOption(Duration.seconds(1)))
          }).pipe(
            Effect.catchAllCause((cause) =>
              Effect.logWarning("The live feed could not read", cause),
            ),
            Effect.forever,
            Effect.forkIn(scope),
          )
        }),
      )

      const follow = (userId: string, after: Position | undefined) =>
        Stream.unwrapScoped(
          Effect.gen(function* () {
            yield* startReading
            // Subscribed before the kept notices are read: nothing falls between the two.
            const live = yield* PubSub.subscribe(published)
            const oldest = recent[0]
            const tooOld =
              after !== undefined &&
              (oldest === undefined || Position.compare(after, oldest.position) < 0) &&
              Position.compare(after, position) < 0
            const missed =
              after === undefined || tooOld
                ? []
                : recent.filter(
                    (sent) => sent.userId === userId && Position.compare(sent.position, after) > 0,
                  )
            const last = missed.at(-1)?.position ?? after
            return Stream.concat(
              Stream.fromIterable<Sent | null>(tooOld ? [null] : missed),
              Stream.fromQueue(live).pipe(
                Stream.filter(
                  (sent) =>
                    sent.userId === userId &&
                    (last === undefined || Position.compare(sent.position, last) > 0),
                ),
              ),
            )
          }),
        )

      return { follow }
    }),
  )
}
