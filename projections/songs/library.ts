import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Projection } from "../runner.ts"
import { styleTags } from "./api-style-tags.ts"
import { dailyPlaysSql, dailyPlaysTable, writeDailyPlays } from "./daily-plays.ts"
import { songRowSelect } from "./song-columns.ts"
import {
  readSongFacts,
  type SongTables,
  songFactTypes,
  songTablesSql,
  writeSongFacts,
} from "./song-facts.ts"
import type { SongRow } from "./song-rows.ts"

/**
 * Each person's songs, newest first, with their style tags, like and play counts and whether they like
 * them, and each song's plays per day for its owner.
 */

const tables: SongTables = {
  songs: "library_songs",
  likes: "library_likes",
  creators: "library_creators",
}

export const library: Projection = {
  name: "library",
  revision: 6,
  tables: [tables.songs, tables.likes, tables.creators, dailyPlaysTable],
  types: songFactTypes,
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(tables)) yield* sql.unsafe(statement)
    yield* sql.unsafe(dailyPlaysSql)
    yield* sql.unsafe(
      `create index if not exists library_songs_by_owner on library_songs (owner_id, created_at desc, song_id)`,
    )
  }),
  apply: (events) =>
    Effect.flatMap(readSongFacts(events), (facts) =>
      Effect.zipRight(writeSongFacts(tables, facts, styleTags), writeDailyPlays(facts)),
    ),
}

export const readOwnedSongs = (ownerId: string, viewerId: string | undefined) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(
      `select ${songRowSelect(tables, "$2")}
        where s.owner_id = $1 order by s.created_at desc, s.song_id desc`,
      [ownerId, viewerId ?? ""],
    ),
  ).pipe(Effect.orDie)

export const readLibrarySong = (songId: string, viewerId: string | undefined) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(`select ${songRowSelect(tables, "$2")} where s.song_id = $1`, [
      songId,
      viewerId ?? "",
    ]),
  ).pipe(
    Effect.map((rows) => rows[0]),
    Effect.orDie,
  )
