import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Layer, Schedule, Stream } from "effect"

const channel = "melody_events"

/**
 * A wake-up bell as plain callbacks: ringing it is a few property reads, cheap enough to do on every
 * append; waiting on it is an async effect resumed at the next ring.
 *
 * `nextWithin` bounds the wait with a plain timer in the same callback rather than racing two fibers: it is
 * the wait of every poll and every read-your-writes, and a race forks two fibers each time. A read that
 * waited in such a race once never resumed (neither the ring nor the timer woke it, nor the timeout
 * around it), so these waits fork nothing. The timer is real time: a poll's pace is not the domain's clock.
 */
const makeBell = () => {
  let waiting = new Set<() => void>()
  const ring = () => {
    if (waiting.size === 0) return
    const woken = waiting
    waiting = new Set()
    for (const resume of woken) resume()
  }
  const next = Effect.async<void>((resume) => {
    const wake = () => resume(Effect.void)
    waiting.add(wake)
    return Effect.sync(() => waiting.delete(wake))
  })
  const nextWithin = (timeout: Duration.DurationInput) =>
    Effect.async<void>((resume) => {
      const wake = () => {
        clearTimeout(timer)
        resume(Effect.void)
      }
      const timer = setTimeout(() => {
        waiting.delete(wake)
        resume(Effect.void)
      }, Duration.toMillis(timeout))
      waiting.add(wake)
      return Effect.sync(() => {
        clearTimeout(timer)
        waiting.delete(wake)
      })
    })
  return { ring, next, nextWithin }
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
    /** Completes at the next wake-up or once `timeout` has passed, whichever comes first. */
    readonly nextWithin: (timeout: Duration.DurationInput) => Effect.Effect<void>
    /** Events were committed: wake local subscriptions now and other processes shortly. */
    readonly signal: Effect.Effect<void>
    /** The same, as a plain call, for code running in a driver callback. */
    readonly ring: () => void
  }
>() {
  /** Wake-ups within this process only (tests, tools). */
  static readonly local = Layer.sync(EventWakeups, () => {
    const bell = makeBell()
    return {
      next: bell.next,
      nextWithin: bell.nextWithin,
      signal: Effect.sync(bell.ring),
      ring: bell.ring,
    }
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
      return { next: local.next, nextWithin: local.nextWithin, signal: Effect.sync(ring), ring }
    }),
  )
}
