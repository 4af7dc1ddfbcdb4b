import { expect } from "@effect/vitest"
import { Clock, Duration, Effect, Layer } from "effect"
import { describeWith } from "#events/testing.ts"
import { balanceOf, TestApp } from "./testing.ts"
import { env, paid, sameAnswer, signedUp, song } from "./testing-idempotency.ts"

/** The server's clock, a day on when the test says so; the database's own clock stays where it is. */
let clockOffset = 0
const liveClock = Clock.make()
const movedClock: Clock.Clock = Object.create(liveClock, {
  unsafeCurrentTimeMillis: { value: () => liveClock.unsafeCurrentTimeMillis() + clockOffset },
  currentTimeMillis: {
    get: () => Effect.sync(() => liveClock.unsafeCurrentTimeMillis() + clockOffset),
  },
  unsafeCurrentTimeNanos: {
    value: () => liveClock.unsafeCurrentTimeNanos() + BigInt(clockOffset) * 1_000_000n,
  },
  currentTimeNanos: {
    get: () =>
      Effect.sync(() => liveClock.unsafeCurrentTimeNanos() + BigInt(clockOffset) * 1_000_000n),
  },
})

describeWith(TestApp({ env }).pipe(Layer.provide(Layer.setClock(movedClock))))(
  "an Idempotency-Key a day later",
  (it) => {
    it.effect("is new again: the same request runs and is charged again", () =>
      Effect.gen(function* () {
        const { person } = yield* signedUp("idem-day")
        const key = crypto.randomUUID()
        const first = yield* paid(person, "/api/generate-song", song, key)
        expect(first.status, first.text).toBe(200)
        const charged = yield* balanceOf(person)
        clockOffset = Duration.toMillis("24 hours") - 60_000
        sameAnswer(yield* paid(person, "/api/generate-song", song, key), first, "within the day")
        expect(yield* balanceOf(person)).toBe(charged)
        clockOffset = Duration.toMillis("24 hours")
        const later = yield* paid(person, "/api/generate-song", song, key)
        expect(later.status).toBe(200)
        expect(later.headers.get("idempotent-replayed")).toBeNull()
        expect(later.body).not.toEqual(first.body)
        expect(yield* balanceOf(person)).toBe(charged - (1000 - charged))
      }).pipe(Effect.ensuring(Effect.sync(() => (clockOffset = 0)))),
    )
  },
)
