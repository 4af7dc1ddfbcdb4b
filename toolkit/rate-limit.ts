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
 * Counts attempts per key in fixed windows, in PostgreSQL so that every replica counts together. A key
 * names what is limited and for whom: `login:ip:203.0.113.7`, `login:account:ada`.
 */
export class RateLimiter extends Context.Tag("@melody/RateLimiter")<
  RateLimiter,
  {
    /** Counts one attempt; fails, telling when to come back, once the window's limit is passed. */
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

      const verdict = (limit: Limit) => (row: { hits: number; retry_after: number } | undefined) =>
        row && row.hits > limit.max
          ? Effect.fail(tooManyRequests(Math.max(1, Math.ceil(row.retry_after))))
          : Effect.void

      const hit = (key: string, limit: Limit) =>
        sql
          .unsafe<{ hits: number; retry_after: number }>(
            `with w as (select to_timestamp(floor(extract(epoch from now()) / $2) * $2) as start)
             insert into rate_limits (key, window_start, hits)
             select $1, w.start, 1 from w
             on conflict (key, window_start) do update set hits = rate_limits.hits + 1
             returning hits, extract(epoch from window_start + make_interval(secs => $2) - now())::float8 as retry_after`,
            [key, windowOf(limit)],
          )
          .pipe(
            Effect.orDie,
            Effect.flatMap(([row]) => verdict(limit)(row)),
          )

      const check = (key: string, limit: Limit) =>
        sql
          .unsafe<{ hits: number; retry_after: number }>(
            `select hits, extract(epoch from window_start + make_interval(secs => $2) - now())::float8 as retry_after
             from rate_limits
             where key = $1 and window_start = to_timestamp(floor(extract(epoch from now()) / $2) * $2)`,
            [key, windowOf(limit)],
          )
          .pipe(
            Effect.orDie,
            Effect.flatMap(([row]) => verdict({ ...limit, max: limit.max - 1 })(row)),
          )

      return { hit, check }
    }),
  )
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
