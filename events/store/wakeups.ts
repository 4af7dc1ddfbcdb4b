import { PgClient } from "@effect/sql-pg"
import { Context, Deferred, Effect, Layer, Queue, Ref, Schedule, Stream } from "effect"

const channel = "melody_events"

const makeLocal = Effect.gen(function* () {
  const current = yield* Ref.make(yield* Deferred.make<void>())
  const wake = Effect.flatMap(Deferred.make<void>(), (fresh) =>
    Effect.flatMap(Ref.getAndSet(current, fresh), (previous) =>
      Deferred.succeed(previous, undefined),
    ),
  )
  const next = Effect.flatMap(Ref.get(current), Deferred.await)
  return { wake, next }
})

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
  }
>() {
  /** Wake-ups within this process only (tests, tools). */
  static readonly local = Layer.effect(
    EventWakeups,
    Effect.map(makeLocal, ({ next, wake }) => ({ next, signal: wake })),
  )

  static readonly live = Layer.scoped(
    EventWakeups,
    Effect.gen(function* () {
      const pg = yield* PgClient.PgClient
      const local = yield* makeLocal
      const instance = crypto.randomUUID()
      const outbox = yield* Queue.sliding<void>(1)
      const coalesceWindow = "20 millis"

      yield* Queue.take(outbox).pipe(
        // PgClient.notify sends `NOTIFY channel, $1`, which PostgreSQL does not accept with a parameter.
        Effect.zipRight(pg.unsafe("select pg_notify($1, $2)", [channel, instance])),
        Effect.zipRight(Effect.sleep(coalesceWindow)),
        Effect.catchAll((error) =>
          Effect.logWarning("NOTIFY failed; subscriptions will poll", error),
        ),
        Effect.forever,
        Effect.forkScoped,
      )

      yield* pg.listen(channel).pipe(
        Stream.filter((sender) => sender !== instance),
        Stream.runForEach(() => local.wake),
        Effect.tapError((error) => Effect.logWarning("LISTEN failed; retrying", error)),
        Effect.retry(Schedule.exponential("200 millis").pipe(Schedule.upTo("30 seconds"))),
        Effect.forever,
        Effect.forkScoped,
      )

      return {
        next: local.next,
        signal: Effect.zipRight(local.wake, Queue.offer(outbox, undefined)),
      }
    }),
  )
}
