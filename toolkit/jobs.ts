import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { runMigrations } from "graphile-worker"
import { PgPool } from "#events/store/pg-client.ts"
import { quietLogger } from "./job-worker.ts"

/**
 * Durable background work on graphile-worker: jobs live in PostgreSQL, are enqueued in the same transaction
 * as the events that cause them, survive restarts, are retried with backoff, are claimed by one replica
 * each (SKIP LOCKED), and are taken up again when their worker vanishes (stalled-jobs.ts).
 */
export interface JobKind<P, R = never> {
  /** Unique across the app: `<module>:<what>` (cron entries accept no dots). */
  readonly name: string
  /** How the payload is stored: encoded to JSON when enqueued, decoded before `run`. */
  // biome-ignore lint/suspicious/noExplicitAny: the encoded side is whatever JSON the schema makes
  readonly payload: Schema.Schema<P, any>
  /** How many times a worker may take it, counting the attempts whose worker vanished. */
  readonly maxAttempts: number
  /** Cron schedule (five fields, UTC) for recurring jobs that need no payload. */
  readonly cron?: string
  readonly run: (payload: P, job: JobRun) => Effect.Effect<void, unknown, R>
  /**
   * Ends the job's work when it will never run again because its worker vanished during its last attempt
   * (a crash, `kill -9`; see stalled-jobs.ts): records the failure, so that what was paid is refunded. It
   * runs in a job of its own, retried if it fails, so it must change nothing once the work has ended; a
   * kind without it is only reported.
   */
  readonly giveUp?: (payload: P) => Effect.Effect<void, unknown, R>
}

/** A job that failed for good, as `onPermanentFailure` receives it. */
export interface PermanentFailure {
  readonly task: string
  readonly jobId: string
  readonly attempts: number
  readonly error: unknown
}

export interface JobRun {
  readonly id: string
  readonly attempt: number
  readonly maxAttempts: number
}

// biome-ignore lint/suspicious/noExplicitAny: a registry of kinds whose payload types differ
export type AnyJobKind<R = never> = JobKind<any, R>

/** Any kind at all, whatever it needs: for registries of kinds, which run with all their requirements. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type SomeJobKind = JobKind<any, any>

/**
 * After a restore: jobs the backup caught running were locked by workers that no longer exist; unlocked,
 * they run again at once instead of after graphile-worker's four-hour lock timeout.
 */
export const unlockRestoredJobs =
  "select graphile_worker.force_unlock_workers(array(select distinct locked_by from graphile_worker.jobs where locked_by is not null))"

/** What a set of job kinds needs to run. */
// biome-ignore lint/suspicious/noExplicitAny: only the requirements are read
export type RequirementsOf<K> = K extends JobKind<any, infer R> ? R : never

export class JobQueue extends Context.Tag("@melody/JobQueue")<
  JobQueue,
  {
    /** Enqueues inside the current transaction when there is one, so the job exists exactly if it commits. */
    readonly enqueue: <P, R>(
      kind: JobKind<P, R>,
      payload: P,
      options?: {
        readonly runAt?: Date
        readonly key?: string
        /** Lower runs first among due jobs; 0 when not given. */
        readonly priority?: number
      },
    ) => Effect.Effect<void>
  }
>() {
  /** Installs graphile-worker's schema (idempotent) and enqueues through SQL. */
  static readonly live = Layer.effect(
    JobQueue,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const pool = yield* PgPool
      yield* Effect.promise(() => runMigrations({ pgPool: pool, logger: quietLogger }))
      return {
        enqueue: (kind, payload, options) =>
          Effect.flatMap(
            Schema.encode(kind.payload)(payload),
            (encoded) =>
              sql`select graphile_worker.add_job(
                  ${kind.name},
                  ${JSON.stringify(encoded)}::json,
                  run_at => ${options?.runAt ?? null}::timestamptz,
                  max_attempts => ${kind.maxAttempts},
                  job_key => ${options?.key ?? null},
                  priority => ${options?.priority ?? 0}
                )`,
          ).pipe(Effect.orDie, Effect.asVoid),
      }
    }),
  )
}

/** How many jobs of each kind wait (due, unclaimed), run, and how long the oldest due one has waited. */
export const jobQueueDepth = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    kind: string
    waiting: number
    running: number
    oldest: number | null
  }>`
    select task_identifier as kind,
           count(*) filter (where locked_at is null and run_at <= now() and attempts < max_attempts)::int as waiting,
           count(*) filter (where locked_at is not null)::int as running,
           extract(epoch from now() - min(run_at) filter (
             where locked_at is null and run_at <= now() and attempts < max_attempts))::float8 as oldest
      from graphile_worker.jobs
     group by task_identifier`
  return rows.map((row) => ({ ...row, oldest: row.oldest ?? 0 }))
}).pipe(Effect.orDie)
