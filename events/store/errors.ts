import type { SqlError } from "@effect/sql"
import { Data } from "effect"
import type { ExpectedVersion } from "./expected-version.ts"

/** The stream was not at the version the writer expected; `actual` is its version now (0: no stream). */
export class WrongExpectedVersion extends Data.TaggedError("WrongExpectedVersion")<{
  readonly streamId: string
  readonly expected: ExpectedVersion
  readonly actual: number
}> {
  override get message() {
    return `Stream ${this.streamId} is at version ${this.actual}, expected ${String(this.expected)}`
  }
}

/** Some of the event ids were already used by other events: a client bug, never a retry. */
export class EventIdConflict extends Data.TaggedError("EventIdConflict")<{
  readonly streamId: string
  readonly eventIds: ReadonlyArray<string>
}> {
  override get message() {
    return `Event ids already used elsewhere while appending to ${this.streamId}: ${this.eventIds.join(", ")}`
  }
}

/** A stored event that no schema we know can read. Loud on purpose: silently skipping it would lose data. */
export class UndecodableEvent extends Data.TaggedError("UndecodableEvent")<{
  readonly eventId: string
  readonly streamId: string
  readonly globalPosition: number
  readonly type: string
  readonly reason: string
}> {
  override get message() {
    return `Cannot decode event ${this.type} ${this.eventId} (stream ${this.streamId}, position ${this.globalPosition}): ${this.reason}`
  }
}

export type AppendError = WrongExpectedVersion | EventIdConflict

/**
 * This transaction got its id before the stream's last appender did, so appending now would put the event
 * before earlier versions in the global order. The work must run again in a new transaction: outside a
 * transaction the store does that itself; inside one it dies with this defect and `EventStore.transaction`
 * runs the whole transaction again.
 */
export class TransactionTooOld extends Data.TaggedError("TransactionTooOld")<{
  readonly streamId: string
}> {}

/** Whether Postgres refused a write because it would repeat a value `constraint` keeps unique. */
export const isUniqueViolationOf = (error: SqlError.SqlError, constraint: string): boolean => {
  const cause = error.cause as { code?: string; constraint?: string } | undefined
  return cause?.code === "23505" && cause.constraint === constraint
}
