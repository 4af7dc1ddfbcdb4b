import { SqlClient, SqlError } from "@effect/sql"
import { Cause, Context, Effect, Layer, Option, Schedule } from "effect"
import { makeAppends } from "./appends.ts"
import { type AppendError, TransactionTooOld } from "./errors.ts"
import { makeEventReads } from "./event-reads.ts"
import type { ExpectedVersion } from "./expected-version.ts"
import { makeOwnWrites } from "./own-writes.ts"
import { PgPool } from "./pg-client.ts"
import type { Position } from "./position.ts"
import type { NewEvent, RecordedEvent } from "./recorded-event.ts"
import { EventWakeups } from "./wakeups.ts"

export interface AppendResult {
  readonly streamId: string
  /** The stream's version after the append: the version of its last event. */
  readonly version: number
  /** Where the last appended event sits in the global order, for read-your-writes waits. */
  readonly position: Position
  /** The same events (by id) were stored by an earlier attempt: nothing new was appended. */
  readonly duplicate: boolean
}

export interface AppendRequest {
  readonly streamId: string
  readonly expected: ExpectedVersion
  readonly events: ReadonlyArray<NewEvent>
}

export interface ReadAllOptions {
  readonly limit: number
  /** Only these types carry data and metadata; others come as markers so the reader can move past them. */
  readonly types?: ReadonlyArray<string> | undefined
}

export class EventStore extends Context.Tag("@melody/events/EventStore")<
  EventStore,
  {
    readonly append: (
      streamId: string,
      expected: ExpectedVersion,
      events: ReadonlyArray<NewEvent>,
    ) => Effect.Effect<AppendResult, AppendError>
    /** Appends to several streams in one transaction: all or nothing. */
    readonly appendAtomically: (
      requests: ReadonlyArray<AppendRequest>,
    ) => Effect.Effect<ReadonlyArray<AppendResult>, AppendError>
    /** Runs an effect in one database transaction and wakes subscriptions once it has committed. */
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    readonly readStream: (
      streamId: string,
      options?: { readonly fromVersion?: number },
    ) => Effect.Effect<ReadonlyArray<RecordedEvent>>
    /** Events after a position, in the global order, committed transactions only. */
    readonly readAll: (
      after: Position,
      options: ReadAllOptions,
    ) => Effect.Effect<ReadonlyArray<RecordedEvent>>
    readonly streamVersion: (streamId: string) => Effect.Effect<number>
    /** The last position a reader can see now. */
    readonly head: Effect.Effect<Position>
    /**
     * The last event committed so far, which may lie past `head` while an older transaction is still open:
     * what a writer waits for to read its own writes (readers reach it once that transaction ends).
     */
    readonly lastCommitted: Effect.Effect<Position>
    /** The last event this process appended that has committed (see own-writes.ts). */
    readonly lastOwnWrite: Effect.Effect<Position | undefined>
  }
>() {}

const num = (value: string | number | null): number => (value === null ? 0 : Number(value))

export const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const pool = yield* PgPool
  const wakeups = yield* EventWakeups
  const inTransaction = Effect.map(
    Effect.serviceOption(SqlClient.TransactionConnection),
    Option.isSome,
  )

  const currentVersion = (streamId: string) =>
    sql
      .unsafe<{ version: string }>("select version from event_streams where stream_id = $1", [
        streamId,
      ])
      .pipe(
        Effect.map((rows) => num(rows[0]?.version ?? null)),
        Effect.orDie,
      )

  const { appendInTransaction, appendAlone } = makeAppends({ sql, pool, wakeups })
  const ownWrites = makeOwnWrites()

  const append = (streamId: string, expected: ExpectedVersion, events: ReadonlyArray<NewEvent>) =>
    Effect.withFiberRuntime<AppendResult, AppendError>((fiber) => {
      if (events.length === 0) return Effect.die(new Error(`empty append to ${streamId}`))
      const nested =
        Context.getOption(fiber.currentContext, SqlClient.TransactionConnection)._tag === "Some"
      return nested
        ? Effect.tap(appendInTransaction(streamId, expected, events), (result) =>
            ownWrites.appendedInTransaction(
              result.position,
              events.map((event) => event.type),
            ),
          )
        : Effect.tap(appendAlone(streamId, expected, events), (result) =>
            Effect.sync(() => ownWrites.record(result.position)),
          )
    })

  const tooOld = (cause: Cause.Cause<unknown>) =>
    Cause.isDie(cause) && Cause.squash(cause) instanceof TransactionTooOld

  const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(inTransaction, (nested) => {
      const once = sql
        .withTransaction(effect)
        .pipe(Effect.catchIf((error) => error instanceof SqlError.SqlError, Effect.die))
      if (nested) return once
      // Only a transaction that appended wakes anyone, and only those who read what it appended: a
      // subscription's own batch moves its checkpoint and appends nothing.
      return ownWrites
        .committing(once, wakeups.ring)
        .pipe(
          Effect.sandbox,
          Effect.retry({ while: tooOld, times: 10, schedule: Schedule.exponential("2 millis") }),
          Effect.unsandbox,
        )
    })

  const appendAtomically = (requests: ReadonlyArray<AppendRequest>) =>
    transaction(Effect.forEach(requests, (r) => append(r.streamId, r.expected, r.events)))

  const { readStream, readAll, head, lastCommitted } = makeEventReads(sql)

  return EventStore.of({
    append,
    appendAtomically,
    transaction,
    readStream,
    readAll,
    streamVersion: currentVersion,
    head,
    lastCommitted,
    lastOwnWrite: ownWrites.last,
  })
})

export const layer = Layer.effect(EventStore, make)
