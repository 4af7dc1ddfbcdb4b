import { SqlClient, type SqlError } from "@effect/sql"
import { type Duration, Effect } from "effect"
import {
  awaitPosition,
  drainSubscription,
  EventStore,
  type Migrations,
  type RecordedEvent,
  runSubscription,
  type Subscription,
  SubscriptionLeases,
  type SubscriptionReport,
  subscriptionControl,
} from "#events/store/index.ts"
import { clearListing, listingMarksTable, markListing } from "./listing-marks.ts"

/**
 * A read model built from events. `apply` receives a batch and writes it with set-based SQL in the same
 * transaction that moves the projection's checkpoint. Everything a projection holds can be thrown away and
 * built again from the events: bumping `revision` does exactly that at the next start.
 */
export interface Projection {
  readonly name: string
  /** The read model's shape: a new one drops its tables and replays it. */
  readonly revision: number
  /** The read model's tables: dropped on a new revision, emptied on a rebuild. */
  readonly tables: ReadonlyArray<string>
  /**
   * Those of `tables` that log how the model changed (for readers holding a snapshot), not what it holds:
   * a rebuild writes them anew, so they are not expected to match the live ones.
   */
  readonly journalTables?: ReadonlyArray<string>
  /** Creates the tables if missing. */
  readonly setup: Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient>
  /** The event types `apply` reads; others are passed over without loading their data. */
  readonly types?: ReadonlyArray<string>
  /** Money stops on a bad event (pause); lists go on and record it (skip). */
  readonly onPoison: "pause" | "skip"
  /** Whether its dead letters are also reported in the error stream (default: yes). */
  readonly reportPoison?: boolean
  readonly batchSize?: number
  /**
   * Whether its answers may be kept at the edge: the runner then records, with each batch, the last event
   * that may change what it lists (read-stamps.ts).
   */
  readonly stamped?: boolean
  readonly apply: (
    events: ReadonlyArray<RecordedEvent>,
  ) => Effect.Effect<void, unknown, SqlClient.SqlClient>
}

export interface ProjectionStatus extends SubscriptionReport {
  readonly projection: string
  readonly revision: number
}

export const projectionMigrations: Migrations = {
  "1_projection_versions": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`create table projection_versions (name text primary key, version integer not null)`,
  ),
  "2_projection_revisions": Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(
      Effect.zipRight(
        sql`alter table projection_versions rename to projection_revisions`,
        sql`alter table projection_revisions rename column version to revision`,
      ),
    ),
  ),
  "3_projection_listings": Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe(listingMarksTable),
  ),
}

const subscriptionName = (projection: Projection) => `projection:${projection.name}`

const asSubscription = (projection: Projection): Subscription<SqlClient.SqlClient> => ({
  name: subscriptionName(projection),
  types: projection.types,
  batchSize: projection.batchSize ?? 1000,
  onPoison: projection.onPoison,
  reportPoison: projection.reportPoison,
  handle: projection.stamped
    ? (events) =>
        Effect.zipRight(projection.apply(events), markListing(subscriptionName(projection), events))
    : projection.apply,
})

const setupLock = 7302

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Brings every projection's tables to the code's revision: unchanged ones are left as they are, changed ones
 * are dropped, recreated and replayed from the first event.
 */
export const prepareProjections = (projections: ReadonlyArray<Projection>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const control = yield* subscriptionControl
    yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`select pg_advisory_xact_lock(${setupLock})`
        for (const projection of projections) {
          const [stored] = yield* sql<{ revision: number }>`
            select revision from projection_revisions where name = ${projection.name}`
          if (stored?.revision !== projection.revision) {
            for (const table of projection.tables)
              yield* sql`drop table if exists ${sql(table)} cascade`
            yield* control.reset(subscriptionName(projection))
            yield* clearListing(subscriptionName(projection))
            yield* sql`
              insert into projection_revisions (name, revision)
              values (${projection.name}, ${projection.revision})
              on conflict (name) do update set revision = excluded.revision`
          }
          yield* projection.setup
        }
      }),
    )
  }).pipe(Effect.orDie, Effect.withSpan("prepareProjections"))

/** Runs every projection for the life of the calling fiber (one active replica per projection). */
export const runProjections = (projections: ReadonlyArray<Projection>) =>
  Effect.forEach(projections, (projection) => runSubscription(asSubscription(projection)), {
    concurrency: "unbounded",
    discard: true,
  })

/** Processes every event available now, in this fiber. */
export const catchUpProjection = (projection: Projection) =>
  drainSubscription(asSubscription(projection))

/**
 * Empties the read model and moves the projection back to the first event, in one transaction; whoever runs
 * the projection (a server, or `catchUpProjection`) then replays everything.
 */
export const resetProjection = (projection: Projection) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const control = yield* subscriptionControl
    yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`select 1 from subscriptions where name = ${subscriptionName(projection)} for update`
        if (projection.tables.length > 0) {
          yield* sql.unsafe(`truncate ${projection.tables.map(quoteIdentifier).join(", ")}`)
        }
        yield* control.reset(subscriptionName(projection))
        yield* clearListing(subscriptionName(projection))
      }),
    )
  }).pipe(
    Effect.orDie,
    Effect.withSpan("resetProjection", { attributes: { projection: projection.name } }),
  )

/**
 * Reset, then replay: in this fiber when no other process runs the projection, otherwise by waiting for
 * the process that does to catch up again.
 */
export const rebuildProjection = (projection: Projection) =>
  Effect.gen(function* () {
    yield* resetProjection(projection)
    const leases = yield* SubscriptionLeases
    const replayedHere = yield* leases.whileHeld(
      subscriptionName(projection),
      catchUpProjection(projection),
    )
    if (!replayedHere) yield* awaitCaughtUp(projection)
  })

/**
 * Brings the projection up to the events committed now: in this fiber when no other process runs it,
 * otherwise by waiting for the process that does. For tools that read a projection without a server.
 */
export const bringUpToDate = (projection: Projection) =>
  Effect.gen(function* () {
    const leases = yield* SubscriptionLeases
    const caughtUpHere = yield* leases.whileHeld(
      subscriptionName(projection),
      catchUpProjection(projection),
    )
    if (!caughtUpHere) yield* awaitCaughtUp(projection)
  })

/** Waits until the projection has read every event committed when the wait began. */
export const awaitCaughtUp = (
  projection: Projection,
  timeout: Duration.DurationInput = "10 minutes",
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const head = yield* store.head
    return yield* awaitPosition(subscriptionName(projection), head, timeout)
  })

export const resumeProjection = (projection: Projection) =>
  Effect.flatMap(subscriptionControl, (control) => control.resume(subscriptionName(projection)))

export const projectionStatus = (projections: ReadonlyArray<Projection>) =>
  Effect.gen(function* () {
    const control = yield* subscriptionControl
    return yield* Effect.forEach(projections, (projection) =>
      Effect.map(
        control.report(subscriptionName(projection)),
        (report): ProjectionStatus => ({
          ...(report ?? {
            name: subscriptionName(projection),
            position: { transactionId: "0", globalPosition: 0 },
            status: "running",
            behind: 0,
            lagMs: 0,
            lastError: null,
            lastErrorAt: null,
            deadLetters: 0,
            updatedAt: new Date(0),
          }),
          projection: projection.name,
          revision: projection.revision,
        }),
      ),
    )
  })

export const projectionSubscriptionName = subscriptionName
