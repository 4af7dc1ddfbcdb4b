import { EventEmitter } from "node:events"
import { Cause, Effect, Layer, ParseResult, Runtime, Schedule, Schema } from "effect"
import { Logger, run, runOnce, type Task, type TaskList } from "graphile-worker"
import { currentCorrelationId } from "#events/request-context.ts"
import { PgPool } from "#events/store/pg-client.ts"
import type { AnyJobKind, RequirementsOf, SomeJobKind } from "./jobs.ts"

/** For graphile-worker's one-off runs (migrations, due jobs in tests), which have nothing to report. */
export const quietLogger = new Logger(() => () => undefined)

/** A job that failed for good, as `onPermanentFailure` receives it. */
export interface PermanentFailure {
  readonly task: string
  readonly jobId: string
  readonly attempts: number
  readonly error: unknown
}

const taskList = <R>(kinds: ReadonlyArray<SomeJobKind>, runtime: Runtime.Runtime<R>): TaskList =>
  Object.fromEntries(
    kinds.map((kind): [string, Task] => [
      kind.name,
      (payload, helpers) =>
        Runtime.runPromise(runtime as Runtime.Runtime<unknown>)(
          Schema.decodeUnknown(kind.payload)(payload).pipe(
            Effect.mapError((error) => new Error(ParseResult.TreeFormatter.formatErrorSync(error))),
            Effect.flatMap((decoded) =>
              kind.run(decoded, {
                id: helpers.job.id,
                attempt: helpers.job.attempts,
                maxAttempts: helpers.job.max_attempts,
              }),
            ),
            // graphile-worker keeps the error's message as the job's last_error: make it say what went wrong.
            Effect.catchAllCause((cause) => {
              const pretty = Cause.pretty(cause)
              return Effect.fail(Object.assign(new Error(pretty.split("\n")[0]), { stack: pretty }))
            }),
            Effect.locally(currentCorrelationId, `job-${helpers.job.id}`),
            Effect.annotateLogs({
              job: kind.name,
              jobId: helpers.job.id,
              attempt: helpers.job.attempts,
            }),
            Effect.withSpan(`job ${kind.name}`),
          ),
        ),
    ]),
  )

const crontab = (kinds: ReadonlyArray<AnyJobKind<unknown>>) =>
  kinds
    .filter((k) => k.cron !== undefined)
    .map((k) => `${k.cron} ${k.name} ?max=1`)
    .join("\n")

/**
 * Runs the jobs of these kinds for as long as the layer lives (this replica claims jobs alongside the
 * others). A job that fails for good is handed to `onPermanentFailure`.
 */
export const jobWorker = <const Kinds extends ReadonlyArray<SomeJobKind>>(
  kinds: Kinds,
  options: {
    readonly concurrency: number
    readonly onPermanentFailure: (failure: PermanentFailure) => Effect.Effect<void>
  },
) =>
  Layer.scopedDiscard(
    Effect.gen(function* () {
      const pool = yield* PgPool
      const runtime = yield* Effect.runtime<RequirementsOf<Kinds[number]>>()
      const events = new EventEmitter()
      events.on("job:failed", ({ job, error }) =>
        Runtime.runFork(runtime)(
          options.onPermanentFailure({
            task: job.task_identifier,
            jobId: job.id,
            attempts: job.attempts,
            error,
          }),
        ),
      )
      const logError = (message: string) => Runtime.runFork(runtime)(Effect.logWarning(message))
      yield* Effect.acquireRelease(
        Effect.promise(() =>
          run({
            pgPool: pool,
            concurrency: options.concurrency,
            noHandleSignals: true,
            pollInterval: 1000,
            taskList: taskList(kinds, runtime),
            crontab: crontab(kinds),
            events: events as never,
            logger: new Logger(() => (level, message) => {
              if (level === "error" || level === "warning") logError(`job worker: ${message}`)
            }),
          }),
        ),
        (runner) => Effect.promise(() => runner.stop()),
      )
    }),
  )

/**
 * Runs every job that is due now, then returns once their outcomes are written (graphile-worker may still be
 * writing a failure when its run resolves); for tests and tools.
 */
export const runDueJobs = <const Kinds extends ReadonlyArray<SomeJobKind>>(kinds: Kinds) =>
  Effect.gen(function* () {
    const pool = yield* PgPool
    const runtime = yield* Effect.runtime<RequirementsOf<Kinds[number]>>()
    yield* Effect.promise(() =>
      runOnce({ pgPool: pool, taskList: taskList(kinds, runtime), logger: quietLogger }),
    )
    const settled = Effect.promise(() =>
      pool.query(
        "select count(*)::int as n from graphile_worker._private_jobs where locked_at is not null",
      ),
    ).pipe(Effect.map((result) => result.rows[0]?.n === 0))
    yield* settled.pipe(
      Effect.repeat({ until: (done) => done, schedule: Schedule.spaced("10 millis") }),
      Effect.timeout("5 seconds"),
      Effect.ignore,
    )
  })
