import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What `kill -9` leaves of a worker that had claimed the due jobs (of one task, when named, and whose payload
 * holds `payload`, when given) an hour ago: locked by it, their attempt counted, and, when it was
 * `watched`, its beats long stopped. The ids claimed.
 */
export const vanishWithDueJobs = (options: {
  readonly watched: boolean
  readonly task?: string
  readonly payload?: Record<string, string>
}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const claimed = yield* sql<{ id: string; key: string | null }>`
      update graphile_worker._private_jobs jobs
         set locked_at = now() - interval '1 hour', locked_by = 'vanished', attempts = attempts + 1
        from graphile_worker._private_tasks tasks
       where tasks.id = jobs.task_id and jobs.locked_at is null and jobs.run_at <= now()
         and jobs.attempts < jobs.max_attempts
         and (${options.task ?? null}::text is null or tasks.identifier = ${options.task ?? null})
         and jobs.payload::jsonb @> ${JSON.stringify(options.payload ?? {})}::jsonb
      returning jobs.id::text as id, jobs.key`
    if (options.watched)
      for (const job of claimed)
        yield* sql`insert into running_jobs (job_id, worker, key, seen_at)
                   values (${job.id}, 'vanished', ${job.key}, now() - interval '1 hour')`
    return claimed.map((job) => job.id)
  }).pipe(Effect.orDie)

/** The background jobs of a task (whose payload holds `payload`, when given) that are waiting or running. */
export const jobsOf = (task: string, payload: Record<string, string> = {}) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ id: string }>`
      select jobs.id::text as id
        from graphile_worker._private_jobs jobs
        join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
       where tasks.identifier = ${task} and jobs.attempts < jobs.max_attempts
         and jobs.payload::jsonb @> ${JSON.stringify(payload)}::jsonb`,
  ).pipe(Effect.orDie)
