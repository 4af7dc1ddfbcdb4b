import { SqlClient } from "@effect/sql"
import { Duration, Effect, Schema } from "effect"
import type { Job } from "graphile-worker"
import type { Migrations } from "#events/store/run-migrations.ts"
import type { PermanentFailure, SomeJobKind } from "./jobs.ts"

/**
 * A job whose worker vanished (a crash, `kill -9`) is taken up within `stalledAfter`, where graphile-worker
 * alone keeps a dead worker's lock for four hours. While a worker runs a job it beats on the job's row in
 * `running_jobs`; every replica sweeps for locked jobs not beaten for `stalledAfter`, each claimed by one
 * replica (row locks, SKIP LOCKED), and then:
 * - a job whose key moved to a job added after it started (a step that scheduled the next) handed its work
 *   on: it is done, as graphile-worker itself would never run it again;
 * - a job with attempts left runs again at once, the vanished attempt counted: a job that kills its worker
 *   every time ends after its `maxAttempts`;
 * - a job whose last attempt vanished will never run again: its kind's `giveUp` ends its work (a paid job
 *   fails and is refunded) in a job of its own, so that it happens once and is retried if it fails, and the
 *   job is reported as failed for good.
 * A job waiting for a later `run_at` holds no lock, so it is never stalled.
 */

export const runningJobsMigrations: Migrations = {
  "1_running_jobs": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      create table running_jobs (
        job_id bigint primary key,
        -- the worker (graphile-worker's pool) running it, and the job's key when that worker took it
        worker text not null,
        key text,
        seen_at timestamptz not null default now()
      )`,
  ),
}

/** The work of one job, watched while it runs: beaten on every third of `stalledAfter`. */
export const watchedRun =
  (sql: SqlClient.SqlClient, stalledAfter: Duration.Duration) =>
  (job: Job) =>
  <A, E, R>(work: Effect.Effect<A, E, R>) => {
    const id = String(job.id)
    const worker = job.locked_by ?? ""
    const beat =
      sql`update running_jobs set seen_at = now() where job_id = ${id} and worker = ${worker}`.pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("A running job's beat failed", cause)),
        Effect.delay(Duration.unsafeDivide(stalledAfter, 3)),
        Effect.forever,
      )
    return Effect.scoped(
      Effect.gen(function* () {
        yield* Effect.acquireRelease(
          sql`insert into running_jobs (job_id, worker, key) values (${id}, ${worker}, ${job.key})
              on conflict (job_id) do update
                set worker = excluded.worker, key = excluded.key, seen_at = now()`.pipe(
            Effect.orDie,
          ),
          () =>
            sql`delete from running_jobs where job_id = ${id} and worker = ${worker}`.pipe(
              Effect.ignore,
            ),
        )
        yield* Effect.forkScoped(beat)
        return yield* work
      }),
    )
  }

interface StalledJob {
  readonly id: string
  readonly task: string
  readonly payload: unknown
  readonly attempts: number
  readonly maxAttempts: number
  readonly handedOn: boolean
}

export const giveUpJobName = "platform:give-up-job"

/**
 * Takes up every job whose worker vanished (see above), in one transaction; what it did with each. The
 * replica that claims a job is the only one to see it.
 */
export const takeUpStalledJobs = (stalledAfter: Duration.Duration) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(
      Effect.gen(function* () {
        const stalled = yield* sql<StalledJob>`
          select jobs.id::text as id, tasks.identifier as task, jobs.payload,
                 jobs.attempts, jobs.max_attempts as "maxAttempts",
                 coalesce(running.key is not null and jobs.key is distinct from running.key, false)
                   as "handedOn"
            from graphile_worker._private_jobs jobs
            join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
            left join running_jobs running on running.job_id = jobs.id
           where jobs.locked_at is not null
             and coalesce(running.seen_at, jobs.locked_at)
                 < now() - make_interval(secs => ${Duration.toSeconds(stalledAfter)})
             for update of jobs skip locked`
        const handedOn = stalled.filter((job) => job.handedOn)
        const resumed = stalled.filter((job) => !job.handedOn && job.attempts < job.maxAttempts)
        const givenUp = stalled.filter((job) => !job.handedOn && job.attempts >= job.maxAttempts)
        const ids = (jobs: ReadonlyArray<StalledJob>) => jobs.map((job) => job.id)
        // Jobs are added without a queue name (JobQueue), so no named queue's lock is held with them.
        if (handedOn.length > 0)
          yield* sql`delete from graphile_worker._private_jobs where id = any(${ids(handedOn)}::bigint[])`
        if (resumed.length > 0)
          yield* sql`
            update graphile_worker._private_jobs
               set locked_at = null, locked_by = null, run_at = now(),
                   last_error = 'Its worker vanished; taken up again.'
             where id = any(${ids(resumed)}::bigint[])`
        for (const job of givenUp) {
          yield* sql`
            update graphile_worker._private_jobs
               set locked_at = null, locked_by = null,
                   last_error = 'Its worker vanished during its last attempt.'
             where id = ${job.id}::bigint`
          const payload = {
            task: job.task,
            jobId: job.id,
            attempts: job.attempts,
            payload: job.payload,
          }
          yield* sql`select graphile_worker.add_job(
                       ${giveUpJobName}, ${JSON.stringify(payload)}::json, max_attempts => 5)`
        }
        // Rows of the jobs taken up, and of workers that vanished after their job ended.
        yield* sql`
          delete from running_jobs running
           where running.job_id = any(${ids(stalled)}::bigint[])
              or (running.seen_at < now() - make_interval(secs => ${Duration.toSeconds(stalledAfter)})
                  and not exists (select 1 from graphile_worker._private_jobs jobs
                                   where jobs.id = running.job_id and jobs.locked_at is not null))`
        return { resumed: ids(resumed), handedOn: ids(handedOn), givenUp: ids(givenUp) }
      }),
    ),
  ).pipe(Effect.orDie)

const GiveUpPayload = Schema.Struct({
  task: Schema.String,
  jobId: Schema.String,
  attempts: Schema.Number,
  payload: Schema.Unknown,
})

/** Ends the work of a job whose last attempt's worker vanished, through its kind; then reports it. */
export const giveUpJob = (
  kinds: ReadonlyArray<SomeJobKind>,
  report: (failure: PermanentFailure) => Effect.Effect<void>,
): SomeJobKind => ({
  name: giveUpJobName,
  payload: GiveUpPayload,
  maxAttempts: 5,
  run: ({ task, jobId, attempts, payload }: typeof GiveUpPayload.Type) =>
    Effect.gen(function* () {
      const kind = kinds.find((candidate) => candidate.name === task)
      if (kind?.giveUp)
        yield* Effect.flatMap(Schema.decodeUnknown(kind.payload)(payload), kind.giveUp)
      yield* report({
        task,
        jobId,
        attempts,
        error: new Error("its worker vanished during its last attempt"),
      })
    }),
})
