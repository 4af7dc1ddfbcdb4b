import { describe, expect, it } from "@effect/vitest"
import { Deferred, type Duration, Effect, Fiber, TestClock } from "effect"
import { keptFresh } from "./kept-fresh.ts"

/** A value kept fresh for 100 ms over a read that counts itself and, when asked to, waits to be let go. */
const rig = (options: { readonly atMost?: Duration.DurationInput } = {}) =>
  Effect.gen(function* () {
    let reads = 0
    let failNext = false
    let gate: Deferred.Deferred<void> | undefined
    const read = Effect.suspend(() => {
      const number = ++reads
      if (failNext) {
        failNext = false
        return Effect.die(new Error("the database is away"))
      }
      return gate === undefined ? Effect.succeed(number) : Effect.as(Deferred.await(gate), number)
    })
    const kept = yield* keptFresh(read, "100 millis", options)
    return {
      ...kept,
      reads: () => reads,
      failNext: () => {
        failNext = true
      },
      hold: Effect.map(Deferred.make<void>(), (deferred) => {
        gate = deferred
        return Deferred.succeed(deferred, undefined).pipe(
          Effect.tap(() => {
            gate = undefined
          }),
        )
      }),
    }
  })

describe("keptFresh", () => {
  it.effect("is read once for everyone who asks first at the same moment", () =>
    Effect.gen(function* () {
      const { get, reads, hold } = yield* rig()
      const release = yield* hold
      const askers = yield* Effect.forkAll(Array.from({ length: 5 }, () => get))
      yield* Effect.yieldNow()
      yield* release
      expect(yield* Fiber.join(askers)).toEqual([1, 1, 1, 1, 1])
      expect(reads()).toBe(1)
    }),
  )

  it.effect("once old, answers at once with what it has and reads again in the background", () =>
    Effect.gen(function* () {
      const { get, reads, hold } = yield* rig()
      expect(yield* get).toBe(1)
      yield* TestClock.adjust("99 millis")
      expect(yield* get).toBe(1)
      expect(reads()).toBe(1)
      yield* TestClock.adjust("1 millis")
      const release = yield* hold
      // The read again is under way and held: readers are answered with the old value meanwhile, and
      // no second read starts.
      expect(yield* get).toBe(1)
      yield* Effect.yieldNow()
      expect(yield* get).toBe(1)
      expect(reads()).toBe(2)
      yield* release
      yield* Effect.yieldNow()
      expect(yield* get).toBe(2)
      for (let i = 0; i < 5; i++) yield* Effect.yieldNow()
      expect(reads()).toBe(2)
    }),
  )

  it.effect("refresh reads again and waits, even while fresh", () =>
    Effect.gen(function* () {
      const { get, refresh, reads } = yield* rig()
      expect(yield* get).toBe(1)
      expect(yield* refresh).toBe(2)
      expect(yield* get).toBe(2)
      expect(reads()).toBe(2)
    }),
  )

  it.effect("a refresh is not answered by a read that started before it was asked", () =>
    Effect.gen(function* () {
      const { get, refresh, reads, hold } = yield* rig()
      expect(yield* get).toBe(1)
      yield* TestClock.adjust("100 millis")
      const release = yield* hold
      expect(yield* get).toBe(1)
      yield* Effect.yieldNow()
      // Read 2 started before these refreshes: they wait for a read of their own, which they share.
      const refreshes = yield* Effect.forkAll([refresh, refresh])
      yield* Effect.yieldNow()
      yield* release
      expect(yield* Fiber.join(refreshes)).toEqual([3, 3])
      expect(reads()).toBe(3)
    }),
  )

  it.effect("a read again that fails keeps the value, and the next reader tries again", () =>
    Effect.gen(function* () {
      const { get, reads, failNext } = yield* rig()
      expect(yield* get).toBe(1)
      yield* TestClock.adjust("100 millis")
      failNext()
      expect(yield* get).toBe(1)
      yield* Effect.yieldNow()
      expect(reads()).toBe(2)
      expect(yield* get).toBe(1)
      yield* Effect.yieldNow()
      expect(yield* get).toBe(3)
    }),
  )

  it.effect("once older than its bound, readers wait for a new value", () =>
    Effect.gen(function* () {
      const { get, reads, hold } = yield* rig({ atMost: "250 millis" })
      expect(yield* get).toBe(1)
      yield* TestClock.adjust("150 millis")
      expect(yield* get).toBe(1)
      yield* Effect.yieldNow()
      expect(yield* get).toBe(2)
      yield* TestClock.adjust("250 millis")
      const release = yield* hold
      const reader = yield* Effect.fork(get)
      yield* Effect.yieldNow()
      expect(reader.unsafePoll()).toBeNull()
      yield* release
      expect(yield* Fiber.join(reader)).toBe(3)
      expect(reads()).toBe(3)
    }),
  )
})
