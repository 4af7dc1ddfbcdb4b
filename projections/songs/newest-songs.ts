import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { songRowSelect } from "./song-columns.ts"
import type { ListQuery, SongRow } from "./song-rows.ts"
import { timelineTables } from "./timeline.ts"

/**
 * Public songs, the newest first (then by id: a stable order), `limit` of them from `offset`, as one viewer
 * (or nobody) sees them. A song shared while someone scrolls pushes the later pages down by one: the list
 * shows each song once (its pages are put together by id), and misses none.
 */
export const readNewestSongs = (query: ListQuery) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(
      `select ${songRowSelect(timelineTables, "$3")} where s.is_public
        order by s.created_at desc, s.song_id desc limit $1 offset $2`,
      [query.limit, query.offset, query.viewerId ?? ""],
    ),
  ).pipe(Effect.orDie)
