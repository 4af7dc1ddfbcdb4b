import { Duration, Effect } from "effect"
import { EventStore } from "./event-store.ts"
import { Position } from "./position.ts"

/**
 * Waits until everything committed so far can be read, up to `patience`; answers whether it can. The read
 * horizon is the whole cluster's: an event committed while an older transaction is open, in this database
 * or another, is read once that transaction ends. Tools and audits that must not stop short of the last
 * commit wait here before they read.
 */
export const awaitCommittedReadable = (patience: Duration.DurationInput = "10 seconds") =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const target = yield* store.lastCommitted
    const tries = Math.ceil(Duration.toMillis(patience) / 10)
    for (let tried = 0; tried < tries; tried++) {
      if (Position.isAtOrAfter(yield* store.head, target)) return true
      yield* Effect.sleep("10 millis")
    }
    return false
  })
