import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { fromNow, now } from "./clock.ts"

describe("the clock", () => {
  it.effect("is Effect's, so a test moves it: a day passes in no time", () =>
    Effect.gen(function* () {
      const before = yield* now
      const expires = yield* fromNow("1 day")
      yield* TestClock.adjust("1 day")
      expect((yield* now).getTime()).toBe(expires.getTime())
      expect(expires.getTime() - before.getTime()).toBe(86_400_000)
    }),
  )
})
