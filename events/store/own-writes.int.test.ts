import { expect } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import { Actors } from "../contracts/actor.ts"
import { describeWithDatabase } from "../testing.ts"
import { EventStore } from "./event-store.ts"
import type { NewEvent } from "./recorded-event.ts"

const event = (): NewEvent => ({
  eventId: crypto.randomUUID(),
  type: "Happened",
  schemaVersion: 1,
  data: { _tag: "Happened" },
  metadata: { actor: Actors.system("test"), correlationId: "c-1" },
})
const stream = () => `test-${crypto.randomUUID()}`

describeWithDatabase()("this process's own writes", (it) => {
  it.effect("are the last append that committed, alone or in a transaction", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const alone = yield* store.append(stream(), "any", [event()])
      expect(yield* store.lastOwnWrite).toEqual(alone.position)

      const held = yield* Deferred.make<void>()
      const appended = yield* Deferred.make<void>()
      const open = yield* Effect.fork(
        store.transaction(
          Effect.gen(function* () {
            const result = yield* store.append(stream(), "any", [event(), event()])
            yield* Deferred.succeed(appended, undefined)
            yield* Deferred.await(held)
            return result
          }),
        ),
      )
      yield* Deferred.await(appended)
      // Appended but not committed: nobody waits for it yet.
      expect(yield* store.lastOwnWrite).toEqual(alone.position)
      yield* Deferred.succeed(held, undefined)
      const committed = yield* Fiber.join(open)
      expect(yield* store.lastOwnWrite).toEqual(committed.position)
    }),
  )

  it.effect("never a transaction that rolled back", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const before = yield* store.append(stream(), "any", [event()])
      const failed = yield* Effect.flip(
        store.transaction(
          Effect.zipRight(store.append(stream(), "any", [event()]), Effect.fail("changed my mind")),
        ),
      )
      expect(failed).toBe("changed my mind")
      expect(yield* store.lastOwnWrite).toEqual(before.position)
    }),
  )
})
