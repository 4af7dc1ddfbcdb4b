import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { todaySql } from "./daily-counts.ts"
import { songRowSelect } from "./song-columns.ts"
import type { ListQuery, SongRow } from "./song-rows.ts"
import { timelineDaily, timelineTables, trendingDays } from "./timeline.ts"

/** A like says more than a play: it is a choice, a play can be a passing listen. */
const likeWeight = 3
/** Days after which a day's likes and plays count half, then a quarter, and so on. */
const halfLifeDays = 2

/**
 * Public songs liked and played in the last week, the most first: each day's likes (weighed thrice) and
 * plays count less the older the day, so a new song heard today rises above a hit of last week. Songs
 * neither liked nor played in the week are not trending. Then newest first, then by id: a stable order.
 */
export const readTrendingSongs = (query: ListQuery) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<SongRow>(
      `with heat as (
         select song_id,
                sum((${likeWeight} * likes + plays) * power(0.5, (${todaySql} - day) / ${halfLifeDays}.0)) as heat
           from ${timelineDaily}
          where day > ${todaySql} - ${trendingDays}
          group by song_id)
       select ${songRowSelect(timelineTables, "$3")}
         join heat h on h.song_id = s.song_id
        where s.is_public and h.heat > 0
        order by h.heat desc, s.created_at desc, s.song_id desc limit $1 offset $2`,
      [query.limit, query.offset, query.viewerId ?? ""],
    ),
  ).pipe(Effect.orDie)
