import { Duration, Effect } from "effect"
import { makeCheckpoints } from "./checkpoints.ts"
import { Position } from "./position.ts"
import { EventWakeups } from "./wakeups.ts"

/** Checkpoint operations for operators: status, pause state, reset. */
export const subscriptionControl = Effect.map(makeCheckpoints, (checkpoints) => ({
  report: (name: string) => Effect.orDie(checkpoints.report(name)),
  resume: (name: string) => Effect.orDie(Effect.asVoid(checkpoints.resume(name))),
  reset: (name: string) => Effect.orDie(Effect.asVoid(checkpoints.reset(name))),
  load: (name: string) => Effect.orDie(checkpoints.load(name)),
}))

/**
 * Waits until a subscription has processed `position` (read-your-writes), or gives up after `timeout`.
 * Answers whether it got there. The deadline is real time, as the wait between looks is (wakeups.ts).
 */
export const awaitPosition = (
  name: string,
  position: Position,
  timeout: Duration.DurationInput = "5 seconds",
) =>
  Effect.gen(function* () {
    const checkpoints = yield* makeCheckpoints
    const wakeups = yield* EventWakeups
    const deadline = performance.now() + Duration.toMillis(timeout)
    while (true) {
      const checkpoint = yield* checkpoints.load(name)
      if (Position.isAtOrAfter(checkpoint.position, position)) return true
      const left = deadline - performance.now()
      if (left <= 0) return false
      yield* wakeups.nextWithin(Math.min(left, 25))
    }
  }).pipe(Effect.orDie)
