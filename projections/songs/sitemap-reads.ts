import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { SongRow } from "./song-rows.ts"
import { timelineTables } from "./timeline.ts"

/** A public song as a sitemap lists it: its id and when it was made. */
export type ListedSong = Pick<SongRow, "songId" | "createdAt">

/** How many songs are public now: how many pages a sitemap of them has. */
export const countPublicSongs = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe<{ count: number }>(
    `select count(*)::int as count from ${timelineTables.songs} where is_public`,
  ),
).pipe(
  Effect.map(([row]) => row?.count ?? 0),
  Effect.orDie,
)

/** Public songs in a stable order (by id), `limit` of them from `offset`: one page of a sitemap. */
export const readPublicSongs = (offset: number, limit: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<ListedSong>(
      `select song_id as "songId", created_at as "createdAt" from ${timelineTables.songs} where is_public
       order by song_id offset $1 limit $2`,
      [offset, limit],
    ),
  ).pipe(Effect.orDie)
