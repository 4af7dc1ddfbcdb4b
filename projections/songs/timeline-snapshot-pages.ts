import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { SongRow } from "./song-rows.ts"
import { byRank, type Placed } from "./timeline-order.ts"
import {
  inOrderOf,
  inSnapshot,
  type PlacedRecord,
  placedColumns,
  publicSongsById,
  readCounters,
  toPlaced,
} from "./timeline-reads.ts"

/**
 * Pages of the timeline cut at a snapshot, read from the database: a reader paging on while others like
 * songs sees each song once, in the order its first page was cut at (see timeline.ts).
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
