import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Schedule, Stream } from "effect"

const channel = "melody_events"

/**
 * A wake-up bell as plain callbacks: ringing it is a few property reads, cheap enough to do on every
 * append; waiting on it is an async effect resumed at the next ring.
 */
const makeBell = () => {
  let waiting: Array<() => void> = []
  const ring = () => {
    if (waiting.length === 0) return
    const woken = waiting
    waiting = []
    for (const resume of woken) resume()
  }
  const next = Effect.async<void>((resume) => {
    const wake = () => resume(Effect.void)
    waiting.push(wake)
    return Effect.sync(() => {
      waiting = waiting.filter((w) => w !== wake)
    })
  })
  return { ring, next }
}

/**
 * Wakes subscriptions when events are committed: at once in this process, and through a coalesced
 * NOTIFY in the others. A wake-up is only a hint; subscriptions also poll.
 *
 * NOTIFY is not sent inside the appending transaction on purpose: PostgreSQL serialises the commits of
 * notifying transactions on one global lock, which would defeat group commit for concurrent writers.
 */
export class EventWakeups extends Context.Tag("@melody/events/EventWakeups")<
  EventWakeups,
  {
    /** Completes at the next wake-up. */
    readonly next: Effect.Effect<void>
    /** Events were committed: wake local subscriptions now and other processes shortly. */
    readonly signal: Effect.Effect<void>
    /** The same, as a plain call, for code running in a driver callback. */
    readonly ring: () => void
  }
>() {
  /** Wake-ups within this process only (tests, tools). */
  static readonly local = Layer.sync(EventWakeups, () => {
    const bell = makeBell()
    return { next: bell.next, signal: Effect.sync(bell.ring), ring: bell.ring }
  })

  static readonly live = Layer.scoped(
    EventWakeups,
    Effect.gen(function* () {
      const pg = yield* PgClient.PgClient
      const local = makeBell()
      const outgoing = makeBell()
      let pending = false
      const instance = crypto.randomUUID()
      const coalesceWindow = "50 millis"

      // PgClient.notify sends `NOTIFY channel, $1`, which PostgreSQL does not accept with a parameter.
      const notify = pg.unsafe("select pg_notify($1, $2)", [channel, instance])
      yield* Effect.gen(function* () {
        if (!pending) yield* outgoing.next
        pending = false
        yield* notify
        yield* Effect.sleep(coalesceWindow)
      }).pipe(
        Effect.catchAll((error) =>
          Effect.logWarning("NOTIFY failed; subscriptions will poll", error),
        ),
        Effect.forever,
        Effect.forkScoped,
      )

      yield* pg.listen(channel).pipe(
        Stream.filter((sender) => sender !== instance),
        Stream.runForEach(() => Effect.sync(local.ring)),
        Effect.tapError((error) => Effect.logWarning("LISTEN failed; retrying", error)),
        Effect.retry(Schedule.exponential("200 millis").pipe(Schedule.upTo("30 seconds"))),
        Effect.forever,
        Effect.forkScoped,
      )

      const ring = () => {
        local.ring()
        pending = true
        outgoing.ring()
      }
      return { next: local.next, signal: Effect.sync(ring), ring }
    }),
  )
}
