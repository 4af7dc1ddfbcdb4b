import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { EventWakeups } from "./wakeups.ts"

/** A wait of at most a minute for one of `types`: whether it is still waiting after `ring` rang. */
const stillWaitingAfter = (
  types: ReadonlyArray<string> | undefined,
  ring: (bell: EventWakeups["Type"]) => void,
) =>
  Effect.gen(function* () {
    const bell = yield* EventWakeups
    const waiter = yield* Effect.fork(bell.nextWithin("1 minute", types))
    yield* Effect.yieldNow()
    ring(bell)
    yield* Effect.yieldNow()
    const waiting = waiter.unsafePoll() === null
    yield* Fiber.interrupt(waiter)
    return waiting
  }).pipe(Effect.provide(EventWakeups.local))

describe("event wake-ups", () => {
  it.live(
    "wake a waiter for the types it reads, or for types not known, and pass it by for others",
    () =>
      Effect.gen(function* () {
        const plays = ["SongPlayed", "SongLiked"]
        expect(yield* stillWaitingAfter(plays, (bell) => bell.ring(["SongSaved"]))).toBe(true)
        expect(
          yield* stillWaitingAfter(plays, (bell) => bell.ring(["SongSaved", "SongLiked"])),
        ).toBe(false)
        expect(yield* stillWaitingAfter(plays, (bell) => bell.ring())).toBe(false)
        // A waiter for any event is woken by every ring.
        expect(yield* stillWaitingAfter(undefined, (bell) => bell.ring(["SongSaved"]))).toBe(false)
      }),
  )
})
