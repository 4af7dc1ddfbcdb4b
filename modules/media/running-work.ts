import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
import { MediaConfig } from "./config.ts"

/**
 * Work a worker is on (a generation, a video export), each row with the last time a worker was seen on it
 * (graphile-worker alone would wait 4 hours for a dead worker's lock). A worker beats while it works; every
 * replica sweeps for rows not seen for `stalledAfter`, claiming them in the same statement, and schedules
 * them again.
 */
export const makeRunningWork = <Row extends object>(table: string, key: keyof Row & string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const { stalledAfter } = yield* MediaConfig

    /** Watched from now on, in the caller's transaction: started with the request that causes it. */
    const started = (row: Row) =>
      sql`insert into ${sql(table)} ${sql.insert(row as Record<string, unknown>)}`.pipe(
        Effect.asVoid,
        Effect.orDie,
      )

    /** Runs until interrupted: race it with the work. */
    const heartbeat = (id: string) =>
      sql`update ${sql(table)} set seen_at = now() where ${sql(key)} = ${id}`.pipe(
        Effect.orDie,
        Effect.delay(Duration.unsafeDivide(stalledAfter, 3)),
        Effect.forever,
      )

    /** Ended work is no longer watched for a lost worker. */
    const ended = (id: string) =>
      sql`delete from ${sql(table)} where ${sql(key)} = ${id}`.pipe(Effect.asVoid, Effect.orDie)

    const claimStalled = sql<Row>`
      update ${sql(table)} set seen_at = now()
       where seen_at < now() - make_interval(secs => ${Duration.toSeconds(stalledAfter)})
      returning *`.pipe(Effect.orDie)

    return { started, heartbeat, ended, claimStalled }
  })
