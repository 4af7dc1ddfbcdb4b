import type { SqlError } from "@effect/sql"
import { type Duration, Effect, Option } from "effect"
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
 * Answers whether it got there.
 */
export const awaitPosition = (
  name: string,
  position: Position,
  timeout: Duration.DurationInput = "5 seconds",
) =>
  Effect.gen(function* () {
    const checkpoints = yield* makeCheckpoints
    const wakeups = yield* EventWakeups
    const reached = Effect.map(checkpoints.load(name), (c) =>
      Position.isAtOrAfter(c.position, position),
    )
    const loop: Effect.Effect<boolean, SqlError.SqlError> = Effect.flatMap(reached, (done) =>
      done
        ? Effect.succeed(true)
        : Effect.zipRight(Effect.raceFirst(wakeups.next, Effect.sleep("25 millis")), loop),
    )
    return yield* loop.pipe(
      Effect.timeout(timeout),
      Effect.option,
      Effect.map(Option.getOrElse(() => false)),
    )
  }).pipe(Effect.orDie)
