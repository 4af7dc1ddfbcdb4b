import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import { singleFlight } from "./single-flight.ts"

describe("single flight", () => {
  it.effect("runs a key's work once for everyone who asks while it is under way", () =>
    Effect.gen(function* () {
      const flights = singleFlight<string, never, never>()
      const gate = yield* Deferred.make<void>()
      let runs = 0
      const work = Effect.zipRight(
        Effect.sync(() => {
          runs += 1
        }),
        Effect.as(Deferred.await(gate), "made"),
      )
      const waiting = yield* Effect.fork(
        Effect.all(
          Array.from({ length: 20 }, () => flights("file", work)),
          { concurrency: "unbounded" },
        ),
      )
      yield* Effect.yieldNow()
      yield* Deferred.succeed(gate, undefined)
      expect(yield* Fiber.join(waiting)).toEqual(Array(20).fill("made"))
      expect(runs).toBe(1)
      // Once it has ended, the key is free: the next request runs the work again.
      yield* flights("file", work)
      expect(runs).toBe(2)
    }),
  )

  it.effect("shares a failure, and keeps the work going when a caller leaves", () =>
    Effect.gen(function* () {
      const flights = singleFlight<string, string, never>()
      const gate = yield* Deferred.make<void>()
      let finished = 0
      const work = Deferred.await(gate).pipe(
        Effect.tap(() =>
          Effect.sync(() => {
            finished += 1
          }),
        ),
        Effect.zipRight(Effect.fail("ffmpeg failed")),
      )
      const leaver = yield* Effect.fork(flights("file", work))
      const stayer = yield* Effect.fork(Effect.flip(flights("file", work)))
      yield* Effect.yieldNow()
      yield* Fiber.interrupt(leaver)
      yield* Deferred.succeed(gate, undefined)
      expect(yield* Fiber.join(stayer)).toBe("ffmpeg failed")
      expect(finished).toBe(1)
    }),
  )

  it.effect("keeps keys apart", () =>
    Effect.gen(function* () {
      const flights = singleFlight<string, never, never>()
      const answers = yield* Effect.all(
        [flights("a", Effect.succeed("a")), flights("b", Effect.succeed("b"))],
        { concurrency: "unbounded" },
      )
      expect(answers).toEqual(["a", "b"])
    }),
  )
})
