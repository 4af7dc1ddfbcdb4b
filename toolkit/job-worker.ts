import { EventEmitter } from "node:events"
import { SqlClient } from "@effect/sql"
import { Cause, Duration, Effect, Layer, ParseResult, Runtime, Schedule, Schema } from "effect"
import { type Job, Logger, run, runOnce, type Task, type TaskList } from "graphile-worker"
import { currentCorrelationId } from "#events/request-context.ts"
import { PgPool } from "#events/store/pg-client.ts"
import type { AnyJobKind, PermanentFailure, RequirementsOf, SomeJobKind } from "./jobs.ts"
import { giveUpJob, takeUpStalledJobs, watchedRun } from "./stalled-jobs.ts"

/** For graphile-worker's one-off runs (migrations, due jobs in tests), which have nothing to report. */
export const quietLogger = new Logger(() => () => undefined)

/** Runs a job's work while others are told its worker lives (stalled-jobs.ts). */
type Watch = (job: Job) => <A, E, R>(work: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>

const taskList = <R>(
  kinds: ReadonlyArray<SomeJobKind>,
  runtime: Runtime.Runtime<R>,
  watch: Watch,
): TaskList =>
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
            watch(helpers.job),
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

/** What a worker needs to know of stalled jobs. */
interface StalledOptions {
  /** A running job whose worker is not seen this long lost it, and is taken up again. */
  readonly stalledAfter: Duration.Duration
  /** Told of a job that failed for good, or whose worker vanished during its last attempt. */
  readonly onPermanentFailure: (failure: PermanentFailure) => Effect.Effect<void>
}

/** How often every replica looks for stalled jobs: soon after one stalls, and no more than needed. */
const sweepInterval = (stalledAfter: Duration.Duration) =>
  Duration.min(Duration.seconds(10), Duration.unsafeDivide(stalledAfter, 2))

/**
 * Runs the jobs of these kinds for as long as the layer lives (this replica claims jobs alongside the
 * others), and takes up jobs whose worker vanished (stalled-jobs.ts). A job that fails for good is handed
 * to `onPermanentFailure`.
 */
export const jobWorker = <const Kinds extends ReadonlyArray<SomeJobKind>>(
  kinds: Kinds,
  options: StalledOptions & { readonly concurrency: number },
) =>
  Layer.scopedDiscard(
    Effect.gen(function* () {
      const pool = yield* PgPool
      const sql = yield* SqlClient.SqlClient
      const runtime = yield* Effect.runtime<RequirementsOf<Kinds[number]>>()
      const withGiveUp = [...kinds, giveUpJob(kinds, options.onPermanentFailure)]
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
            taskList: taskList(withGiveUp, runtime, watchedRun(sql, options.stalledAfter)),
            crontab: crontab(kinds),
            events: events as never,
            logger: new Logger(() => (level, message) => {
              if (level === "error" || level === "warning") logError(`job worker: ${message}`)
            }),
          }),
        ),
        (runner) => Effect.promise(() => runner.stop()),
      )
      yield* takeUpStalledJobs(options.stalledAfter).pipe(
        Effect.tap(({ resumed, handedOn, givenUp }) =>
          resumed.length + handedOn.length + givenUp.length > 0
            ? Effect.logWarning("Took up jobs whose worker vanished", {
                resumed,
                handedOn,
                givenUp,
              })
            : Effect.void,
        ),
        Effect.catchAllCause((cause) =>
          Effect.logWarning("Looking for stalled jobs failed", cause),
        ),
        Effect.repeat(Schedule.spaced(sweepInterval(options.stalledAfter))),
        Effect.forkScoped,
      )
    }),
  )

/**
 * Runs every job that is due now, then returns once their outcomes are written (graphile-worker may still be
 * writing a failure when its run resolves); for tests and tools. Jobs given up are logged unless told.
 */
export const runDueJobs = <const Kinds extends ReadonlyArray<SomeJobKind>>(
  kinds: Kinds,
  options: Partial<StalledOptions> = {},
) =>
  Effect.gen(function* () {
    const pool = yield* PgPool
    const sql = yield* SqlClient.SqlClient
    const runtime = yield* Effect.runtime<RequirementsOf<Kinds[number]>>()
    const report =
      options.onPermanentFailure ??
      ((failure: PermanentFailure) => Effect.logWarning("Job failed for good", failure))
    const watch = watchedRun(sql, options.stalledAfter ?? Duration.seconds(30))
    yield* Effect.promise(() =>
      runOnce({
        pgPool: pool,
        taskList: taskList([...kinds, giveUpJob(kinds, report)], runtime, watch),
        logger: quietLogger,
      }),
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
