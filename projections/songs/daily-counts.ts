import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { insertRows } from "../insert-rows.ts"
import type { SongFacts } from "./song-facts.ts"

/** Today, in UTC, the days' zone. */
export const todaySql = "(now() at time zone 'utc')::date"

/** A table of each song's likes and plays per day (UTC): the owner's chart, Trending. */
export const dailyCountsSql = (table: string) => [
  `create table if not exists ${table} (
    song_id text not null,
    day date not null,
    likes integer not null,
    plays integer not null,
    primary key (song_id, day)
  )`,
  `create index if not exists ${table}_by_day on ${table} (day)`,
]

/** Adds a batch's days; a deleted song's days go with it, and with `keepDays` days older than that. */
export const writeDailyCounts = (table: string, facts: SongFacts, keepDays?: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* insertRows(
      table,
      [
        ["song_id", "text", (row) => row.songId],
        ["day", "date", (row) => row.day],
        ["likes", "int", (row) => row.likes],
        ["plays", "int", (row) => row.plays],
      ],
      facts.daily,
      `on conflict (song_id, day) do update set
         likes = ${table}.likes + excluded.likes, plays = ${table}.plays + excluded.plays`,
    )
    if (facts.deleted.size > 0) {
      yield* sql.unsafe(`delete from ${table} where song_id = any($1::text[])`, [
        [...facts.deleted],
      ])
    }
    if (keepDays !== undefined && facts.daily.length > 0) {
      yield* sql.unsafe(`delete from ${table} where day < ${todaySql} - $1::int`, [keepDays])
    }
  })

/** The song's plays on each of the last `days` days to today, oldest first, days without any as 0. */
export const readDailyPlays = (table: string, songId: string, days: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<{ day: string; plays: number }>(
      `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(p.plays, 0)::int as plays
         from generate_series(${todaySql} - ($2::int - 1), ${todaySql}, interval '1 day') as d(day)
         left join ${table} p on p.song_id = $1 and p.day = d.day::date
        order by d.day`,
      [songId, days],
    ),
  ).pipe(Effect.orDie)
