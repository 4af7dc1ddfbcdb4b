import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

/**
 * What the test database's sessions were doing when a test call had no answer: each one's state, what it
 * waited on, who blocked it and its statement. A stall inside the server then says whether it waited on
 * PostgreSQL (a lock, a session idle in a transaction) or on itself.
 */
const sessionsNow = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    pid: number
    state: string | null
    wait: string | null
    blocked_by: string
    in_transaction: string | null
    query: string
  }>`
    select pid, state, wait_event_type || ':' || wait_event as wait,
           pg_blocking_pids(pid)::text as blocked_by,
           (clock_timestamp() - xact_start)::text as in_transaction,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
      from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`
  return rows
    .map(
      (r) =>
        `  ${r.pid} ${r.state} wait=${r.wait} blocked_by=${r.blocked_by} xact=${r.in_transaction}: ${r.query}`,
    )
    .join("\n")
})

/** The error of a test call that had no answer within a minute, with the database's sessions at that moment. */
export const noAnswer = (method: string, path: string) =>
  Effect.gen(function* () {
    const sql = yield* Effect.serviceOption(SqlClient.SqlClient)
    const sessions = Option.isNone(sql)
      ? "(no database in this test)"
      : yield* sessionsNow.pipe(
          Effect.provideService(SqlClient.SqlClient, sql.value),
          Effect.timeout("15 seconds"),
          Effect.catchAllCause((cause) =>
            Effect.succeed(`(the sessions could not be read: ${cause.toString().slice(0, 300)})`),
          ),
        )
    return new Error(
      `${method} ${path} had no answer within 60 s; the database's sessions then:\n${sessions}`,
    )
  })
