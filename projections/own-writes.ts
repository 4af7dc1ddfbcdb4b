import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { awaitPosition, EventStore, type EventWakeups, Position } from "#events/store/index.ts"
import { type Projection, projectionSubscriptionName } from "./runner.ts"

/** Projections keep up within milliseconds; a read waits no longer than this for one that does not. */
const waitAtMost = "2 seconds"

/**
 * Read-your-writes for read models: before a read, wait (briefly) until `projections` hold every event
 * this process has written, then `refresh` what the reads keep in memory. A person's write ends before
 * their next read begins, so they see it; a read after nothing new was written waits for nothing and asks
 * the database nothing.
 */
export const makeOwnWritesWait = (
  projections: ReadonlyArray<Projection>,
  refresh: Effect.Effect<void> = Effect.void,
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups>()
    let settled: Position | undefined

    const reach = (position: Position) =>
      Effect.forEach(
        projections,
        (projection) => awaitPosition(projectionSubscriptionName(projection), position, waitAtMost),
        { discard: true },
      ).pipe(Effect.provide(context))

    return Effect.flatMap(store.lastOwnWrite, (written) => {
      if (written === undefined) return Effect.void
      if (settled !== undefined && Position.isAtOrAfter(settled, written)) return Effect.void
      // Waited for once, reached or not: a projection that is paused or far behind holds up one read
      // per write, never every read after it.
      return Effect.zipRight(
        Effect.zipRight(reach(written), refresh),
        Effect.sync(() => {
          if (settled === undefined || Position.compare(written, settled) > 0) settled = written
        }),
      )
    })
  })
