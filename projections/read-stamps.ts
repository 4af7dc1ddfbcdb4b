import { SqlClient } from "@effect/sql"
import { Duration, Effect } from "effect"
import { keptFresh } from "#toolkit/kept-fresh.ts"
import { makeOwnWritesWait } from "./own-writes.ts"
import { type Projection, projectionSubscriptionName } from "./runner.ts"

/**
 * Names what a read model holds: `state` changes whenever a read could answer differently, `listing` only
 * when what it lists changes (a song or playlist made public, private, deleted or edited, a profile
 * edited), not when counts move. An answer may be kept a little while counts move (the edge's response
 * cache), never across a change of listing.
 */
export interface ReadStamp {
  readonly state: string
  readonly listing: string
}

/** How long stamps are taken as current before they are read again, and the most they are ever late. */
const stampFreshness = Duration.millis(100)
const stampLimit = Duration.millis(250)

/**
 * The stamps of `projections`, read together once they are 100 ms old (in the background; readers go on
 * with the ones they have, see toolkit/kept-fresh.ts), and awaited once 250 ms old or after this process
 * wrote an event (so its writer's next read is answered after it): `state` is where the projection
 * stands, `listing` the last event it applied that may change what it lists (listing-marks.ts). Another
 * process's change reaches a stamp at most 250 ms after the read model has it.
 */
export const makeReadStamps = (projections: ReadonlyArray<Projection>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const names = projections.map(projectionSubscriptionName)
    const read = sql<{ name: string; state: string; listing: string | null }>`
      select s.name, s.transaction_id::text || ':' || s.global_position as state,
             l.transaction_id::text || ':' || l.global_position as listing
        from subscriptions s left join projection_listings l on l.name = s.name
       where s.name in ${sql.in(names)}`.pipe(
      Effect.map(
        (rows) =>
          new Map(
            rows.map((row): [string, ReadStamp] => [
              row.name,
              { state: row.state, listing: row.listing ?? "none" },
            ]),
          ),
      ),
      Effect.orDie,
    )
    const { get, refresh } = yield* keptFresh(read, stampFreshness, { atMost: stampLimit })
    const ownWrites = yield* makeOwnWritesWait(projections, Effect.asVoid(refresh))
    return (projection: Projection): Effect.Effect<ReadStamp> =>
      Effect.zipRight(
        ownWrites,
        Effect.map(
          get,
          (stamps) =>
            stamps.get(projectionSubscriptionName(projection)) ?? {
              state: "none",
              listing: "none",
            },
        ),
      )
  })
