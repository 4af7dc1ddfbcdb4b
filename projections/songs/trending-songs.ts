import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { songRowSelect } from "./song-columns.ts"
import type { ListQuery, SongRow } from "./song-rows.ts"
import { timelineTables } from "./timeline.ts"
import { inOrderOf } from "./timeline-reads.ts"

/**
 * A page of Trending (`order`, see trending-order.ts) as one viewer (or nobody) sees it: its songs read by
 * id, with their counts as they are now. A song made private since the order was ranked is left out.
 */
export const readTrendingSongs = (order: ReadonlyArray<string>, query: ListQuery) => {
  const songIds = order.slice(query.offset, query.offset + query.limit)
  if (songIds.length === 0) return Effect.succeed([])
  return Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(
      `select ${songRowSelect(timelineTables, "$2")} where s.song_id = any($1::text[]) and s.is_public`,
      [songIds, query.viewerId ?? ""],
    ),
  ).pipe(
    Effect.map((rows) => inOrderOf(songIds, rows)),
    Effect.orDie,
  )
}
