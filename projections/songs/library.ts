import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Projection } from "../runner.ts"
import { styleTags } from "./api-style-tags.ts"
import { dailyCountsSql, readDailyPlays, writeDailyCounts } from "./daily-counts.ts"
import { songRowSelect } from "./song-columns.ts"
import { readSongFacts, songFactTypes } from "./song-facts.ts"
import type { SongRow } from "./song-rows.ts"
import { type SongTables, songTablesSql, writeSongFacts } from "./song-tables.ts"

/**
 * Each person's songs, newest first, with their style tags, like and play counts and whether they like
 * them, and each song's plays per day for its owner.
 */

export const librarySongTables: SongTables = {
  songs: "library_songs",
  likes: "library_likes",
  creators: "library_creators",
}

/** Each song's likes and plays per day, for its owner's chart. */
export const libraryDaily = "library_daily"

export const library: Projection = {
  name: "library",
  revision: 6,
  tables: [
    librarySongTables.songs,
    librarySongTables.likes,
    librarySongTables.creators,
    libraryDaily,
  ],
  types: songFactTypes,
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(librarySongTables)) yield* sql.unsafe(statement)
    for (const statement of dailyCountsSql(libraryDaily)) yield* sql.unsafe(statement)
    yield* sql.unsafe(
      `create index if not exists library_songs_by_owner on library_songs (owner_id, created_at desc, song_id)`,
    )
  }),
  apply: (events) =>
    Effect.flatMap(readSongFacts(events), (facts) =>
      Effect.zipRight(
        writeSongFacts(librarySongTables, facts, styleTags),
        writeDailyCounts(libraryDaily, facts, 30),
      ),
    ),
}

export const readOwnedSongs = (ownerId: string, viewerId: string | undefined) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(
      `select ${songRowSelect(librarySongTables, "$2")}
        where s.owner_id = $1 order by s.created_at desc, s.song_id desc`,
      [ownerId, viewerId ?? ""],
    ),
  ).pipe(Effect.orDie)

export const readLibrarySong = (songId: string, viewerId: string | undefined) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(`select ${songRowSelect(librarySongTables, "$2")} where s.song_id = $1`, [
      songId,
      viewerId ?? "",
    ]),
  ).pipe(
    Effect.map((rows) => rows[0]),
    Effect.orDie,
  )

/** The song's plays on each of the last 30 days, oldest first. */
export const readLibraryDailyPlays = (songId: string) => readDailyPlays(libraryDaily, songId, 30)
