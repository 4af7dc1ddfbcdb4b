import { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { describeWith, TestDatabase } from "#events/testing.ts"
import { RateLimiter, rateLimitMigrations } from "./rate-limit.ts"

const database = TestDatabase({ migrations: [["rate_limits", rateLimitMigrations]] })
const limit = { max: 5, per: "10 minutes" } as const

/** Writes `hits` attempts into the window before the current one, as a burst just before its end leaves it. */
const burstBefore = (key: string, hits: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      insert into rate_limits (key, window_start, hits)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / 600) * 600 - 600), ${hits})`,
  )

describeWith(Layer.provideMerge(RateLimiter.live, database))("the rate limiter", (it) => {
  it.effect("refuses the attempt past the limit within a window, telling when to come back", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      for (let i = 0; i < limit.max; i++) yield* limiter.hit("within", limit)
      const refused = yield* Effect.flip(limiter.check("within", limit))
      expect(refused._tag).toBe("TooManyRequests")
      const over = yield* Effect.flip(limiter.hit("within", limit))
      expect(over.retryAfterSeconds).toBeGreaterThan(0)
      expect(over.retryAfterSeconds).toBeLessThanOrEqual(600)
      yield* limiter.hit("someone-else", limit)
    }),
  )

  it.effect(
    "counts the window before, so a burst just before a window's edge is not forgotten at it",
    () =>
      Effect.gen(function* () {
        const limiter = yield* RateLimiter
        // However far into this window the test runs (but its last few milliseconds), enough of a burst this
        // size still counts to refuse the next attempt.
        yield* burstBefore("edge", 1_000_000)
        const refused = yield* Effect.flip(limiter.hit("edge", limit))
        expect(refused._tag).toBe("TooManyRequests")
        yield* burstBefore("quiet", 0)
        yield* limiter.hit("quiet", limit)
      }),
  )
})
