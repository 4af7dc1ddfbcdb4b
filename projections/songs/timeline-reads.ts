import { SqlClient, SqlError } from "@effect/sql"
import { Effect } from "effect"
import { PgPool } from "#events/store/pg-client.ts"
import { songRowSelect } from "./song-columns.ts"
import type { SongRow } from "./song-rows.ts"
import { timelineTables } from "./timeline.ts"
import type { Moved, OrderState, Placed } from "./timeline-order.ts"

/**
 * Reading the timeline's read model: the stamp that names its state, the order of public songs and
 * what moved in it, and the songs of a page (see timeline.ts; pages cut at a snapshot are in
 * timeline-snapshot-pages.ts).
 */

/** Names the timeline's state: moves on with every change, and after a rebuild (a new log). */
const stampColumn = "started_at::text || '/' || last_seq"

/** A public song's place in the order, as `timeline-order.ts` holds it. */
export const placedColumns = `song_id, likes, (extract(epoch from created_at) * 1000000)::bigint as created_micros`

export interface PlacedRecord {
  readonly song_id: string
  readonly likes: number
  readonly created_micros: number
}

export const toPlaced = (r: PlacedRecord): Placed => ({
  songId: r.song_id,
  likes: r.likes,
  createdMicros: r.created_micros,
})

/**
 * The read model's counters: the state of its log and how many songs are public. Read first in a
 * REPEATABLE READ transaction, they hold for whatever is read after them.
 */
export const readCounters = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe<{
    stamp: string
    started_at: string
    last_seq: number
    pruned_through: number
    public_count: number
  }>(
    `select ${stampColumn} as stamp, started_at::text as started_at, last_seq, pruned_through,
            public_count
       from timeline_stats`,
  ),
).pipe(
  Effect.map(([stats]): { readonly state: OrderState; readonly publicCount: number } =>
    stats === undefined
      ? { state: { stamp: "empty", startedAt: "", lastSeq: 0, prunedThrough: 0 }, publicCount: 0 }
      : {
          state: {
            stamp: stats.stamp,
            startedAt: stats.started_at,
            lastSeq: stats.last_seq,
            prunedThrough: stats.pruned_through,
          },
          publicCount: stats.public_count,
        },
  ),
)

const readOrderState = Effect.map(readCounters, (counters) => counters.state)

/** The name of the timeline's current state ("empty" before its first change). */
export const readTimelineStamp = Effect.map(readOrderState, (state) => state.stamp).pipe(
  Effect.orDie,
)

export const inSnapshot = <A, E, R>(read: Effect.Effect<A, E, R>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(
      Effect.zipRight(sql`set transaction isolation level repeatable read, read only`, read),
    ),
  )

/** Every public song in the order, with the state it was read at. */
export const readTimelineOrder = inSnapshot(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const state = yield* readOrderState
    const placed = yield* sql.unsafe<PlacedRecord>(
      `select ${placedColumns} from ${timelineTables.songs} where is_public
        order by likes desc, created_at desc, song_id desc`,
    )
    return { state, placed: placed.map(toPlaced) }
  }),
).pipe(Effect.orDie, Effect.withSpan("readTimelineOrder"))

/**
 * What changed in the order since `since`: every song the log names after it, as it stands now (a song
 * deleted since has no row, and leaves the order as a private one does). Nothing when the log was started
 * again (a rebuild) or has dropped part of what came after `since`: the whole order must then be read again.
 */
export const readOrderChanges = (since: OrderState) =>
  inSnapshot(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const state = yield* readOrderState
      if (state.startedAt !== since.startedAt || state.prunedThrough > since.lastSeq) {
        return undefined
      }
      // A deleted song's likes and time are null; it is not public, and they are not read.
      const now = yield* sql.unsafe<PlacedRecord & { is_public: boolean }>(
        `select changed.song_id, s.likes, coalesce(s.is_public, false) as is_public,
                (extract(epoch from s.created_at) * 1000000)::bigint as created_micros
           from (select distinct song_id from timeline_changes where seq > $1) changed
           left join ${timelineTables.songs} s on s.song_id = changed.song_id`,
        [since.lastSeq],
      )
      const moved = now.map(
        (r): Moved => ({ songId: r.song_id, now: r.is_public ? toPlaced(r) : undefined }),
      )
      return { state, moved }
    }),
  ).pipe(Effect.orDie, Effect.withSpan("readOrderChanges"))

/** The public songs among the ids in `$1`. */
export const publicSongsById = `select ${songRowSelect(timelineTables, undefined)}
  where s.song_id = any($1::text[]) and s.is_public`

/** `rows` in the order of `songIds`; an id without a row is left out. */
export const inOrderOf = (songIds: ReadonlyArray<string>, rows: ReadonlyArray<SongRow>) => {
  const byId = new Map(rows.map((r) => [r.songId, r] as const))
  return songIds.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The public songs among `songIds`, in that order. A song made private since the order was read is left
 * out. A prepared statement on the pool itself: it is the read of every page not kept in memory, and is
 * planned once per connection. Made once, with the pool, and without a span: on that path, providing the
 * pool and making a span on every call cost more of the server's CPU than the statement's own driver work.
 */
export const songsInOrderReader = Effect.map(
  PgPool,
  (pool) => (songIds: ReadonlyArray<string>) =>
    Effect.tryPromise({
      try: () =>
        pool.query<SongRow>({
          name: "timeline-songs-in-order",
          text: publicSongsById,
          values: [songIds],
        }),
      catch: (cause) => new SqlError.SqlError({ cause, message: "Failed to read timeline songs" }),
    }).pipe(
      Effect.map(({ rows }) => inOrderOf(songIds, rows)),
      Effect.orDie,
    ),
)
