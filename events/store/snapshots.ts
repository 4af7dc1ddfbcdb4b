import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export interface Snapshot {
  readonly version: number
  /** Which shape of state it holds; a decider that changed its state's shape ignores older ones. */
  readonly shape: number
  readonly state: unknown
}

/** A stream's version now, and its snapshot if it has one. */
export interface StreamHead {
  readonly version: number
  readonly snapshot: Snapshot | undefined
}

interface HeadRow {
  readonly stream_version: string | null
  readonly version: string | null
  readonly shape: number | null
  readonly state: unknown
}

const toHead = (row: HeadRow | undefined): StreamHead => ({
  version: Number(row?.stream_version ?? 0),
  snapshot:
    row?.version == null
      ? undefined
      : { version: Number(row.version), shape: row.shape ?? 0, state: row.state },
})

/**
 * Streams' folded states at a version, so a long stream is read from its last snapshot on. Only a cache:
 * events stay the truth, a missing or unreadable snapshot means reading the whole stream, and a snapshot
 * written in a transaction that rolls back goes with it.
 */
export const makeSnapshots = Effect.map(SqlClient.SqlClient, (sql) => ({
  /**
   * The stream's version and snapshot in one round trip. `lock` holds the stream's row until the transaction
   * ends (a stream not appended to yet has no row to hold) and reads the snapshot after the hold, so it is
   * the one the previous holder left (see the store's `hold_stream`). A waiting transaction gets its id only
   * once it holds the lock, so appends under the lock follow lock order.
   */
  head: (streamId: string, lock: boolean) =>
    Effect.map(
      lock
        ? sql<HeadRow>`select * from hold_stream(${streamId})`
        : sql<HeadRow>`
            select s.version as stream_version, n.version, n.shape, n.state
              from event_streams s left join snapshots n on n.stream_id = s.stream_id
             where s.stream_id = ${streamId}`,
      ([row]) => toHead(row),
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
