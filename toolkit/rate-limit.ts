import { SqlClient } from "@effect/sql"
import { Context, Duration, Effect, Layer, Schema } from "effect"
import { type TooManyRequests, tooManyRequests } from "#api/refusals.ts"
import type { Migrations } from "#events/store/run-migrations.ts"
import type { JobKind } from "./jobs.ts"

export interface Limit {
  readonly max: number
  readonly per: Duration.DurationInput
}

/**
 * Counts attempts per key in fixed windows, in PostgreSQL so that every replica counts together, and
 * judges them by a sliding estimate: the previous window's count, weighed by how much of it the sliding
 * window still covers, plus the current one's. Fixed windows alone would let a burst straddling a window's
 * edge through twice. A key names what is limited and for whom: `login:ip:203.0.113.7`,
 * `login:account:ada`.
 */
export class RateLimiter extends Context.Tag("@melody/RateLimiter")<
  RateLimiter,
  {
    /** Counts one attempt; fails, telling when to come back, once the limit is passed. */
    readonly hit: (key: string, limit: Limit) => Effect.Effect<void, TooManyRequests>
    /** Fails like `hit` would, without counting. */
    readonly check: (key: string, limit: Limit) => Effect.Effect<void, TooManyRequests>
  }
>() {
  static readonly live = Layer.effect(
    RateLimiter,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const windowOf = (limit: Limit) => Math.max(1, Math.round(Duration.toSeconds(limit.per)))

      const verdict = (limit: Limit, window: number) => (count: WindowCount | undefined) => {
        const wait = count === undefined ? undefined : secondsUntilAllowed(limit.max, window, count)
        return wait === undefined ? Effect.void : Effect.fail(tooManyRequests(wait))
      }

      // `$1` is the key, `$2` the window in seconds; `current` names the current window's row.
      const windowCount = (current: string) =>
        `select ${current}.hits,
           coalesce((select r.hits from rate_limits r
                     where r.key = $1 and r.window_start = ${current}.window_start - make_interval(secs => $2)), 0)
             as previous,
           extract(epoch from now() - ${current}.window_start)::float8 as elapsed
         from ${current}`

      const hit = (key: string, limit: Limit) =>
        sql
          .unsafe<WindowCount>(
            `with w as (select to_timestamp(floor(extract(epoch from now()) / $2) * $2) as start),
             counted as (
               insert into rate_limits (key, window_start, hits)
               select $1, w.start, 1 from w
               on conflict (key, window_start) do update set hits = rate_limits.hits + 1
               returning hits, window_start)
             ${windowCount("counted")}`,
            [key, windowOf(limit)],
          )
          .pipe(
            Effect.orDie,
            Effect.flatMap(([row]) => verdict(limit, windowOf(limit))(row)),
          )

      const check = (key: string, limit: Limit) =>
        sql
          .unsafe<WindowCount>(
            `with w as (select to_timestamp(floor(extract(epoch from now()) / $2) * $2) as window_start),
             counted as (
               select coalesce((select hits from rate_limits r where r.key = $1 and r.window_start = w.window_start), 0)
                 as hits, w.window_start
               from w)
             ${windowCount("counted")}`,
            [key, windowOf(limit)],
          )
          .pipe(
            Effect.orDie,
            // The attempt being checked would be one more.
            Effect.flatMap(([row]) =>
              verdict(limit, windowOf(limit))(row && { ...row, hits: row.hits + 1 }),
            ),
          )

      return { hit, check }
    }),
  )
}

/** One key's attempts: in the current window, in the one before it, and how far into the current one we are. */
export interface WindowCount {
  readonly hits: number
  readonly previous: number
  readonly elapsed: number
}

/** Seconds until the sliding estimate falls back within `max`, or undefined when it is within already. */
export const secondsUntilAllowed = (max: number, window: number, count: WindowCount) => {
  const estimate = count.previous * (1 - count.elapsed / window) + count.hits
  if (estimate <= max) return undefined
  const wait =
    count.hits > max
      ? window - count.elapsed
      : window * (1 - (max - count.hits) / count.previous) - count.elapsed
  return Math.max(1, Math.ceil(wait))
}

export const rateLimitMigrations: Migrations = {
  "1_rate_limits": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      create table rate_limits (
        key text not null,
        window_start timestamptz not null,
        hits integer not null,
        primary key (key, window_start)
      )`,
  ),
}

/** Forgets windows that ended a day ago or more, every night. */
export const forgetOldRateLimitWindows: JobKind<unknown, SqlClient.SqlClient> = {
  name: "platform:forget-rate-limit-windows",
  payload: Schema.Unknown,
  maxAttempts: 3,
  cron: "41 3 * * *",
  run: () =>
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql`delete from rate_limits where window_start < now() - interval '1 day'`.pipe(
        Effect.orDie,
        Effect.asVoid,
      ),
    ),
}
