import { Cause, Clock, Data, Duration, Effect, Schedule } from "effect"
import { type Checkpoints, makeCheckpoints } from "./checkpoints.ts"
import { awaitCommittedReadable } from "./committed-reads.ts"
import { appendErrorReport } from "./error-stream.ts"
import { EventStore } from "./event-store.ts"
import { describeCause, isTransient } from "./failures.ts"
import { SubscriptionLeases } from "./leases.ts"
import { poisonReport } from "./poison-report.ts"
import { Position } from "./position.ts"
import type { RecordedEvent } from "./recorded-event.ts"
import { defaultTiming, pause, type SubscriptionTiming } from "./subscription-timing.ts"
import { EventWakeups } from "./wakeups.ts"

/**
 * A catch-up subscription: it reads the events after its checkpoint in the global order and hands them to
 * `handle` inside a transaction that also moves the checkpoint, so its effects and its position never diverge.
 */
export interface Subscription<R = never> {
  readonly name: string
  /** The event types `handle` receives; the others are passed over without reading their data. */
  readonly types?: ReadonlyArray<string> | undefined
  readonly batchSize?: number | undefined
  /**
   * What to do with an event that still fails after `maxAttempts`: record it as a dead letter, then either
   * pause (nothing after it is processed until an operator resumes) or skip it and go on.
   */
  readonly onPoison: "pause" | "skip"
  readonly maxAttempts?: number | undefined
  /**
   * A dead letter is also reported in the error stream, for admins (default). The error stream's own
   * reader turns it off: its poison would otherwise report itself.
   */
  readonly reportPoison?: boolean | undefined
  readonly handle: (events: ReadonlyArray<RecordedEvent>) => Effect.Effect<void, unknown, R>
}

/** Another process moved the checkpoint, or it was paused or reset, since this batch was read. */
class CheckpointMoved extends Data.TaggedError("CheckpointMoved") {}

const make = <R>(subscription: Subscription<R>, timing: SubscriptionTiming) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const wakeups = yield* EventWakeups
    const checkpoints: Checkpoints = yield* makeCheckpoints
    const { name } = subscription
    const batchSize = subscription.batchSize ?? 500
    const maxAttempts = subscription.maxAttempts ?? 3
    const relevant = (event: RecordedEvent) =>
      subscription.types === undefined || subscription.types.includes(event.type)

    /** One transaction: check the checkpoint is still where we read from, handle, move it past `batch`. */
    const commit = (from: Position, batch: ReadonlyArray<RecordedEvent>) =>
      store.transaction(
        Effect.gen(function* () {
          const current = yield* checkpoints.lock(name)
          if (current?.status !== "running" || Position.compare(current.position, from) !== 0) {
            return yield* new CheckpointMoved()
          }
          const events = batch.filter(relevant)
          if (events.length > 0) yield* subscription.handle(events)
          yield* checkpoints.advance(name, batch[batch.length - 1]!)
        }),
      )

    const attempts = Schedule.intersect(
      Schedule.recurs(maxAttempts - 1),
      Schedule.exponential("50 millis"),
    )

    /** Commits with retries. Succeeds with false when the checkpoint moved under us. */
    const commitWithRetries = (from: Position, batch: ReadonlyArray<RecordedEvent>) =>
      commit(from, batch).pipe(
        Effect.sandbox,
        Effect.retry({
          schedule: attempts,
          while: (cause) => !Cause.isFailType(cause) || !(cause.error instanceof CheckpointMoved),
        }),
        Effect.as(true),
        Effect.catchAll((cause) =>
          Cause.isFailType(cause) && cause.error instanceof CheckpointMoved
            ? Effect.succeed(false)
            : Effect.fail(cause as Cause.Cause<unknown>),
        ),
      )

    const poison = (from: Position, event: RecordedEvent, cause: Cause.Cause<unknown>) => {
      const error = describeCause(cause)
      const action = subscription.onPoison === "pause" ? "paused" : "skipped"
      return store
        .transaction(
          Effect.gen(function* () {
            const current = yield* checkpoints.lock(name)
            if (!current || Position.compare(current.position, from) !== 0) return false
            yield* checkpoints.deadLetter(name, event, error, maxAttempts, action)
            if (subscription.reportPoison !== false) {
              const at = new Date(yield* Clock.currentTimeMillis)
              const { facts, metadata } = poisonReport(name, event, error, action)
              yield* appendErrorReport(store, facts, metadata, at)
            }
            if (action === "paused") yield* checkpoints.pause(name, error)
            else yield* checkpoints.advance(name, event)
            return true
          }),
        )
        .pipe(
          Effect.tap((recorded) =>
            recorded
              ? Effect.logError(
                  `Subscription ${name} ${action} at poison event ${event.type} ${event.eventId}`,
                  cause,
                )
              : Effect.void,
          ),
        )
    }

    /**
     * A batch that keeps failing is taken apart: events go one at a time until the one that fails is found,
     * dead-lettered, and the rest go on (skip) or wait (pause). Returns whether to keep going.
     */
    const isolate = (from: Position, batch: ReadonlyArray<RecordedEvent>) =>
      Effect.gen(function* () {
        let position = from
        for (const event of batch) {
          const outcome = yield* Effect.either(commitWithRetries(position, [event]))
          if (outcome._tag === "Right") {
            if (!outcome.right) return
            position = event
            continue
          }
          if (isTransient(outcome.left)) return yield* Effect.failCause(outcome.left)
          const recorded = yield* poison(position, event, outcome.left)
          if (!recorded || subscription.onPoison === "pause") return
          position = event
        }
      })

    const processBatch = (from: Position, batch: ReadonlyArray<RecordedEvent>) =>
      commitWithRetries(from, batch).pipe(
        Effect.asVoid,
        Effect.catchAll((cause) =>
          isTransient(cause) ? Effect.failCause(cause) : isolate(from, batch),
        ),
      )

    /** Processes what is there now; answers how many events it read. */
    const step = Effect.gen(function* () {
      const checkpoint = yield* checkpoints.load(name)
      if (checkpoint.status === "paused") return 0
      const batch = yield* store.readAll(checkpoint.position, {
        limit: batchSize,
        types: subscription.types,
      })
      if (batch.length > 0) yield* processBatch(checkpoint.position, batch)
      return batch.length
    })

    const idle = wakeups.nextWithin(timing.pollInterval, subscription.types)

    const consume: Effect.Effect<never, unknown, R> = Effect.gen(function* () {
      yield* checkpoints.ensure(name)
      const pace = Duration.toMillis(timing.pace)
      while (true) {
        const started = performance.now()
        const read = yield* step.pipe(
          Effect.catchAllCause((cause) =>
            Effect.zipRight(
              Effect.zipRight(
                Effect.logWarning(`Subscription ${name} will retry`, cause),
                checkpoints.recordError(name, describeCause(cause)).pipe(Effect.ignore),
              ),
              Effect.as(Effect.sleep("1 second"), 0),
            ),
          ),
        )
        if (read < batchSize) {
          yield* idle
          const rest = pace - (performance.now() - started)
          if (rest > 0) yield* pause(rest)
        }
      }
    })

    const leadership = Effect.flatMap(SubscriptionLeases, (leases) =>
      leases.whileHeld(name, consume),
    )

    const runForever = leadership.pipe(
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.interrupt
          : Effect.logError(`Subscription ${name} stopped`, cause),
      ),
      Effect.zipRight(Effect.sleep(timing.leaderRetry)),
      Effect.forever,
    )

    /**
     * Processes everything committed before it was called (until the subscription is paused), once it can
     * be read: see `awaitCommittedReadable`.
     */
    const drain = Effect.gen(function* () {
      yield* checkpoints.ensure(name)
      if (!(yield* awaitCommittedReadable()))
        yield* Effect.logWarning(`Subscription ${name} drains short of the last commit`)
      while ((yield* step) > 0) {
        /* keep going */
      }
    })

    return { runForever, drain }
  })

/**
 * Runs a subscription for as long as the calling fiber lives: this replica processes events while it holds
 * the subscription's lock and stands by otherwise.
 */
export const runSubscription = <R>(
  subscription: Subscription<R>,
  timing: Partial<SubscriptionTiming> = {},
) =>
  Effect.flatMap(make(subscription, { ...defaultTiming, ...timing }), (s) => s.runForever).pipe(
    Effect.annotateLogs("subscription", subscription.name),
  )

/** Processes everything available now, in this fiber; for tools, tests and rebuilds. */
export const drainSubscription = <R>(subscription: Subscription<R>) =>
  Effect.flatMap(make(subscription, defaultTiming), (s) => s.drain).pipe(
    Effect.annotateLogs("subscription", subscription.name),
  )
