import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { songRowSelect } from "./song-columns.ts"
import type { SongRow } from "./song-rows.ts"
import { timelineTables } from "./timeline.ts"

/** The public songs a person likes, most recently published first. */
export const readLikedSongs = (userId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(
      `select ${songRowSelect(timelineTables, "$1")}
        where s.is_public and s.song_id in (select song_id from timeline_likes where user_id = $1)
        order by s.created_at desc, s.song_id desc`,
      [userId],
    ),
  ).pipe(Effect.orDie)
