import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export interface Snapshot {
  readonly version: number
  /** Which shape of state it holds; a decider that changed its state's shape ignores older ones. */
  readonly shape: number
  readonly state: unknown
}

/**
 * Streams' folded states at a version, so a long stream is read from its last snapshot on. Only a cache:
 * events stay the truth, a missing or unreadable snapshot means reading the whole stream, and a snapshot
 * written in a transaction that rolls back goes with it.
 */
export const makeSnapshots = Effect.map(SqlClient.SqlClient, (sql) => ({
  load: (streamId: string) =>
    Effect.map(
      sql<{ version: string; shape: number; state: unknown }>`
        select version, shape, state from snapshots where stream_id = ${streamId}`,
      ([row]): Snapshot | undefined =>
        row && { version: Number(row.version), shape: row.shape, state: row.state },
    ).pipe(Effect.orDie),

  save: (streamId: string, snapshot: Snapshot) =>
    sql`
      insert into snapshots (stream_id, version, shape, state)
      values (${streamId}, ${snapshot.version}, ${snapshot.shape}, ${JSON.stringify(snapshot.state)}::jsonb)
      on conflict (stream_id) do update
        set version = excluded.version, shape = excluded.shape, state = excluded.state, taken_at = now()
        where snapshots.version < excluded.version or snapshots.shape <> excluded.shape`.pipe(
      Effect.orDie,
      Effect.asVoid,
    ),
}))
