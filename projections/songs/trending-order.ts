import { SqlClient } from "@effect/sql"
import { Config, Duration, Effect } from "effect"
import { keptFresh } from "#toolkit/kept-fresh.ts"
import { todaySql } from "./daily-counts.ts"
import { timelineDaily, timelineTables, trendingDays } from "./timeline.ts"

/** A like says more than a play: it is a choice, a play can be a passing listen. */
const likeWeight = 3
/** Days after which a day's likes and plays count half, then a quarter, and so on. */
const halfLifeDays = 2

/**
 * How long Trending's order is kept before it is ranked again, in seconds: it ranks a week of days, so a
 * minute-old order is as true as a new one, and ranking every day's counts of a large catalog takes the
 * database a second. 0 ranks on every read.
 */
export const trendingRefreshConfig = Config.integer("TRENDING_REFRESH_SECONDS").pipe(
  Config.withDefault(60),
  Config.validate({
    message: "TRENDING_REFRESH_SECONDS must be 0 or more",
    validation: (n) => n >= 0,
  }),
)

/**
 * Public songs liked and played in the last week, the hottest first: each day's likes (weighed thrice)
 * and plays count less the older the day, so a new song heard today rises above a hit of last week. Songs
 * neither liked nor played in the week are not trending. Then newest first, then by id: a stable order.
 */
const rankTrending = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe<{ song_id: string }>(
    `with heat as (
       select song_id,
              sum((${likeWeight} * likes + plays) * power(0.5, (${todaySql} - day) / ${halfLifeDays}.0)) as heat
         from ${timelineDaily}
        where day > ${todaySql} - ${trendingDays}
        group by song_id)
     select s.song_id from heat h join ${timelineTables.songs} s on s.song_id = h.song_id
      where s.is_public and h.heat > 0
      order by h.heat desc, s.created_at desc, s.song_id desc`,
  ),
).pipe(
  Effect.map((rows) => rows.map((r) => r.song_id)),
  Effect.orDie,
  Effect.withSpan("rankTrending"),
)

/**
 * Trending's order, the ids of its songs, ranked once for every reader and ranked again in the
 * background once older than `TRENDING_REFRESH_SECONDS`, while readers go on with the kept one (see
 * toolkit/kept-fresh.ts); and `ranking`, which names the order readers are given now (a new name on
 * every read when each read ranks).
 */
export const makeTrendingOrder = Effect.gen(function* () {
  const refreshSeconds = yield* trendingRefreshConfig
  const rank = Effect.provide(rankTrending, yield* Effect.context<SqlClient.SqlClient>())
  let rankings = 0
  if (refreshSeconds === 0) {
    return { order: rank, ranking: Effect.sync(() => `${++rankings}`) }
  }
  const numbers = new WeakMap<ReadonlyArray<string>, number>()
  const { get } = yield* keptFresh(
    Effect.tap(rank, (order) => numbers.set(order, ++rankings)),
    Duration.seconds(refreshSeconds),
  )
  return { order: get, ranking: Effect.map(get, (order) => `${numbers.get(order)}`) }
})
