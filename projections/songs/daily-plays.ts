import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { insertRows } from "../insert-rows.ts"
import type { SongFacts } from "./song-facts.ts"

/** Each song's plays per day (UTC), for its owner's chart: kept by the library read model. */
export const dailyPlaysTable = "library_daily_plays"

export const dailyPlaysSql = `create table if not exists ${dailyPlaysTable} (
  song_id text not null,
  day date not null,
  plays integer not null,
  primary key (song_id, day)
)`

export const writeDailyPlays = (facts: SongFacts) =>
  Effect.gen(function* () {
    yield* insertRows(
      dailyPlaysTable,
      [
        ["song_id", "text", (row) => row.songId],
        ["day", "date", (row) => row.day],
        ["plays", "int", (row) => row.plays],
      ],
      facts.dailyPlays,
      `on conflict (song_id, day) do update set plays = ${dailyPlaysTable}.plays + excluded.plays`,
    )
    if (facts.deleted.size > 0) {
      const sql = yield* SqlClient.SqlClient
      yield* sql.unsafe(`delete from ${dailyPlaysTable} where song_id = any($1::text[])`, [
        [...facts.deleted],
      ])
    }
  })

/** The song's plays on each of the last `days` days to today (UTC), oldest first, days without any as 0. */
export const readDailyPlays = (songId: string, days: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<{ day: string; plays: number }>(
      `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(p.plays, 0)::int as plays
         from generate_series((now() at time zone 'utc')::date - ($2::int - 1), (now() at time zone 'utc')::date, interval '1 day') as d(day)
         left join ${dailyPlaysTable} p on p.song_id = $1 and p.day = d.day::date
        order by d.day`,
      [songId, days],
    ),
  ).pipe(Effect.orDie)
