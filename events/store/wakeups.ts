import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Layer, Schedule, Stream } from "effect"

const channel = "melody_events"

/** The event types a wake-up is about; undefined when they are not known (any may have come). */
type Types = ReadonlyArray<string> | undefined

/** Whether a waiter for `wanted` (undefined: any event) is woken by a ring about `rung`. */
const concerns = (wanted: ReadonlySet<string> | undefined, rung: Types) =>
  wanted === undefined || rung === undefined || rung.some((type) => wanted.has(type))

/**
 * A wake-up bell as plain callbacks: ringing it is a few property reads, cheap enough to do on every
 * append; waiting on it is an async effect resumed at the next ring. A waiter may name the event types it
 * reads: a ring about other types passes it by, so a play does not wake every subscription in the
 * process for a look that finds nothing.
 *
 * `nextWithin` bounds the wait with a plain timer in the same callback rather than racing two fibers: it is
 * the wait of every poll and every read-your-writes, and a race forks two fibers each time. A read that
 * waited in such a race once never resumed (neither the ring nor the timer woke it, nor the timeout
 * around it), so these waits fork nothing. The timer is real time: a poll's pace is not the domain's clock.
 */
const makeBell = () => {
  const waiting = new Map<() => void, ReadonlySet<string> | undefined>()
  const ring = (types?: Types) => {
    if (waiting.size === 0) return
    const woken: Array<() => void> = []
    for (const [wake, wanted] of waiting) if (concerns(wanted, types)) woken.push(wake)
    for (const wake of woken) {
      waiting.delete(wake)
      wake()
    }
  }
  const next = Effect.async<void>((resume) => {
    const wake = () => resume(Effect.void)
    waiting.set(wake, undefined)
    return Effect.sync(() => waiting.delete(wake))
  })
  const nextWithin = (timeout: Duration.DurationInput, types?: ReadonlyArray<string>) => {
    const wanted = types === undefined ? undefined : new Set(types)
    return Effect.async<void>((resume) => {
      const wake = () => {
        clearTimeout(timer)
        resume(Effect.void)
      }
      const timer = setTimeout(() => {
        waiting.delete(wake)
        resume(Effect.void)
      }, Duration.toMillis(timeout))
      waiting.set(wake, wanted)
      return Effect.sync(() => {
        clearTimeout(timer)
        waiting.delete(wake)
      })
    })
  }
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
    /**
     * Completes at the next wake-up about one of `types` (any, when not named) or once `timeout` has
     * passed, whichever comes first.
     */
    readonly nextWithin: (
      timeout: Duration.DurationInput,
      types?: ReadonlyArray<string>,
    ) => Effect.Effect<void>
    /**
     * Events of `types` (unknown when not named) were committed: wake local subscriptions now and other
     * processes shortly. A plain call, for driver callbacks.
     */
    readonly ring: (types?: ReadonlyArray<string>) => void
  }
>() {
  /** Wake-ups within this process only (tests, tools). */
  static readonly local = Layer.sync(EventWakeups, () => {
    const bell = makeBell()
    return {
      next: bell.next,
      nextWithin: bell.nextWithin,
      ring: bell.ring,
    }
  })

  static readonly live = Layer.scoped(
    EventWakeups,
    Effect.gen(function* () {
      const pg = yield* PgClient.PgClient
      const local = makeBell()
      const outgoing = makeBell()
      // The types committed since the last NOTIFY; "any" once a commit of unknown types came.
      let pending: Set<string> | "any" | undefined
      const instance = crypto.randomUUID()
      const coalesceWindow = "50 millis"

      // PgClient.notify sends `NOTIFY channel, $1`, which PostgreSQL does not accept with a parameter.
      // The payload is the sender, then the types or nothing for any (well under NOTIFY's 8,000 bytes).
      const notify = (types: Set<string> | "any") =>
        pg.unsafe("select pg_notify($1, $2)", [
          channel,
          types === "any" ? instance : `${instance} ${[...types].join(",")}`,
        ])
      yield* Effect.gen(function* () {
        if (pending === undefined) yield* outgoing.next
        const types = pending ?? "any"
        pending = undefined
        yield* notify(types)
        yield* Effect.sleep(coalesceWindow)
      }).pipe(
        Effect.catchAll((error) =>
          Effect.logWarning("NOTIFY failed; subscriptions will poll", error),
        ),
        Effect.forever,
        Effect.forkScoped,
      )

      yield* pg.listen(channel).pipe(
        Stream.map((payload) => payload.split(" ")),
        Stream.filter(([sender]) => sender !== instance),
        Stream.runForEach(([, types]) =>
          Effect.sync(() => local.ring(types === undefined ? undefined : types.split(","))),
        ),
        Effect.tapError((error) => Effect.logWarning("LISTEN failed; retrying", error)),
        Effect.retry(Schedule.exponential("200 millis").pipe(Schedule.upTo("30 seconds"))),
        Effect.forever,
        Effect.forkScoped,
      )

      const ring = (types?: ReadonlyArray<string>) => {
        local.ring(types)
        if (types === undefined || pending === "any") pending = "any"
        else {
          pending ??= new Set()
          for (const type of types) pending.add(type)
        }
        outgoing.ring()
      }
      return {
        next: local.next,
        nextWithin: local.nextWithin,
        ring,
      }
    }),
  )
}
