import { SqlClient, SqlError } from "@effect/sql"
import { Effect } from "effect"
import { PgPool } from "#events/store/pg-client.ts"
import { songRowSelect } from "./song-columns.ts"
import type { SongRow } from "./song-rows.ts"
import { timelineTables } from "./timeline.ts"
import { byRank, type Moved, type OrderState, type Placed } from "./timeline-order.ts"

/**
 * Reading the timeline's read model: the stamp that names its state, the order of public songs and
 * what moved in it, and pages cut at a snapshot (see timeline.ts).
 */

export interface TimelinePage {
  readonly songs: ReadonlyArray<SongRow>
  readonly total: number
  readonly snapshot: number
}

/**
 * Which snapshot a page is cut at: the one asked for while the log still holds it, else the current one
 * (the log's last entry).
 */
export const snapshotOf = (
  requested: number | undefined,
  log: { readonly lastSeq: number; readonly prunedThrough: number },
) =>
  requested === undefined || requested > log.lastSeq || requested < log.prunedThrough
    ? log.lastSeq
    : requested

/** Names the timeline's state: moves on with every change, and after a rebuild (a new log). */
const stampColumn = "started_at::text || '/' || last_seq"

/** A public song's place in the order, as `timeline-order.ts` holds it. */
const placedColumns = `song_id, likes, (extract(epoch from created_at) * 1000000)::bigint as created_micros`

interface PlacedRecord {
  readonly song_id: string
  readonly likes: number
  readonly created_micros: number
}

const toPlaced = (r: PlacedRecord): Placed => ({
  songId: r.song_id,
  likes: r.likes,
  createdMicros: r.created_micros,
})

/**
 * The read model's counters: the state of its log and how many songs are public. Read first in a
 * REPEATABLE READ transaction, they hold for whatever is read after them.
 */
const readCounters = Effect.flatMap(SqlClient.SqlClient, (sql) =>
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

const inSnapshot = <A, E, R>(read: Effect.Effect<A, E, R>) =>
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
const publicSongsById = `select ${songRowSelect(timelineTables, undefined)}
  where s.song_id = any($1::text[]) and s.is_public`

/** `rows` in the order of `songIds`; an id without a row is left out. */
const inOrderOf = (songIds: ReadonlyArray<string>, rows: ReadonlyArray<SongRow>) => {
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

/**
 * One page of public songs, in the order of `snapshot` (the current one when absent, unknown or older
 * than the log), read from the database. Likes counts are as they are now; only the order is the
 * snapshot's, and a song made private since is left out (the page is one song short rather than show
 * it). Pages of the current order are read from memory instead (`timeline-pages.ts`).
 */
export const readTimelinePage = (options: {
  readonly limit: number
  readonly offset: number
  readonly snapshot: number | undefined
}) =>
  inSnapshot(
    Effect.gen(function* () {
      // One consistent view of the songs, the log and the counters for the whole page.
      const sql = yield* SqlClient.SqlClient
      const { state, publicCount } = yield* readCounters
      const snapshot = snapshotOf(options.snapshot, state)
      const { limit, offset } = options
      const changed =
        snapshot === state.lastSeq
          ? []
          : yield* sql<{ song_id: string; likes_before: number; public_before: boolean }>`
              select distinct on (song_id) song_id, likes_before, public_before
                from timeline_changes where seq > ${snapshot} order by song_id, seq`
      let ids: ReadonlyArray<string>
      let total = publicCount
      if (changed.length === 0) {
        ids = (yield* sql<{ song_id: string }>`
          select song_id from timeline_songs where is_public
           order by likes desc, created_at desc, song_id desc limit ${limit} offset ${offset}`).map(
          (r) => r.song_id,
        )
      } else {
        const changedIds = changed.map((c) => c.song_id)
        const now = yield* sql.unsafe<PlacedRecord & { is_public: boolean }>(
          `select ${placedColumns}, is_public from timeline_songs where song_id = any($1::text[])`,
          [changedIds],
        )
        const createdMicros = new Map(now.map((r) => [r.song_id, r.created_micros] as const))
        total +=
          changed.filter((c) => c.public_before).length - now.filter((r) => r.is_public).length
        const unchanged = yield* sql.unsafe<PlacedRecord>(
          `select ${placedColumns} from timeline_songs
            where is_public and not (song_id = any($1::text[]))
            order by likes desc, created_at desc, song_id desc limit $2`,
          [changedIds, offset + limit],
        )
        const atSnapshot = changed.flatMap((c): Array<Placed> => {
          const micros = createdMicros.get(c.song_id)
          return c.public_before && micros !== undefined
            ? [{ songId: c.song_id, likes: c.likes_before, createdMicros: micros }]
            : []
        })
        ids = [...unchanged.map(toPlaced), ...atSnapshot]
          .sort(byRank)
          .slice(offset, offset + limit)
          .map((r) => r.songId)
      }
      const rows = ids.length === 0 ? [] : yield* sql.unsafe<SongRow>(publicSongsById, [ids])
      return { songs: inOrderOf(ids, rows), total, snapshot } satisfies TimelinePage
    }),
  ).pipe(Effect.orDie, Effect.withSpan("readTimelinePage"))
