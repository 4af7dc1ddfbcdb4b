import { type SqlClient, SqlError } from "@effect/sql"
import { Effect } from "effect"
import { appendCall, parseAnswer, storedAppendCall } from "./append-function.ts"
import {
  type AppendError,
  EventIdConflict,
  isUniqueViolationOf,
  TransactionTooOld,
  WrongExpectedVersion,
} from "./errors.ts"
import type { AppendResult } from "./event-store.ts"
import { type ExpectedVersion, satisfies } from "./expected-version.ts"
import type { PgPool } from "./pg-client.ts"
import type { NewEvent } from "./recorded-event.ts"
import type { EventWakeups } from "./wakeups.ts"

/**
 * The two ways an append reaches the append functions: inside the caller's transaction, on its
 * connection, or alone, as one prepared statement on the pool.
 */
export const makeAppends = ({
  sql,
  pool,
  wakeups,
}: {
  readonly sql: SqlClient.SqlClient
  readonly pool: PgPool["Type"]
  readonly wakeups: EventWakeups["Type"]
}) => {
  const idConflict = (streamId: string, events: ReadonlyArray<NewEvent>) =>
    new EventIdConflict({ streamId, eventIds: events.map((e) => e.eventId) })

  type Answer = AppendResult | AppendError | TransactionTooOld

  /** What the append functions' answer means. */
  const interpret = (
    row: { readonly answer: string } | undefined,
    streamId: string,
    expected: ExpectedVersion,
    events: ReadonlyArray<NewEvent>,
  ): Answer => {
    if (row === undefined) throw new Error("append returned no row")
    const { outcome, version, position, transactionId } = parseAnswer(row.answer)
    switch (outcome) {
      case "ok":
      case "duplicate":
        return {
          streamId,
          version,
          position: { transactionId, globalPosition: position },
          duplicate: outcome === "duplicate",
        }
      case "id_conflict":
        return idConflict(streamId, events)
      case "conflict":
        return satisfies(expected, version)
          ? new TransactionTooOld({ streamId })
          : new WrongExpectedVersion({ streamId, expected, actual: version })
    }
  }

  const isFailure = (answer: Answer): answer is AppendError | TransactionTooOld => "_tag" in answer

  /** Inside the caller's transaction, on its connection. */
  const appendInTransaction = (
    streamId: string,
    expected: ExpectedVersion,
    events: ReadonlyArray<NewEvent>,
  ): Effect.Effect<AppendResult, AppendError> => {
    const call = appendCall(streamId, expected, events, true)
    return sql.unsafe<{ answer: string }>(call.text, call.params).pipe(
      Effect.orDie,
      Effect.flatMap(([row]) => {
        const answer = interpret(row, streamId, expected, events)
        if (!isFailure(answer)) return Effect.succeed(answer)
        return answer._tag === "TransactionTooOld" ? Effect.die(answer) : Effect.fail(answer)
      }),
    )
  }

  /**
   * Outside a transaction: one prepared statement straight on the pool, the hottest path of the app.
   * A transaction older than the stream's last appender is answered by asking again (a new statement runs
   * in a younger one); ids the unique index refused, by the answer of the append that stored them.
   */
  const appendAlone = (
    streamId: string,
    expected: ExpectedVersion,
    events: ReadonlyArray<NewEvent>,
    attempt = 1,
  ): Effect.Effect<AppendResult, AppendError> =>
    Effect.async<AppendResult, AppendError | TransactionTooOld | SqlError.SqlError>((resume) => {
      const call = appendCall(streamId, expected, events, false)
      const query = { name: call.name, text: call.text, values: call.params as Array<unknown> }
      pool.query(query, (error: Error | undefined, result: { rows: Array<{ answer: string }> }) => {
        if (error) {
          resume(Effect.fail(new SqlError.SqlError({ cause: error, message: "Failed to append" })))
          return
        }
        const answer = interpret(result.rows[0], streamId, expected, events)
        if (isFailure(answer)) {
          resume(Effect.fail(answer))
          return
        }
        wakeups.ring(events.map((event) => event.type))
        resume(Effect.succeed(answer))
      })
    }).pipe(
      Effect.catchAll((error): Effect.Effect<AppendResult, AppendError> => {
        switch (error._tag) {
          case "TransactionTooOld":
            return attempt < 20
              ? appendAlone(streamId, expected, events, attempt + 1)
              : Effect.die(error)
          case "SqlError":
            return isUniqueViolationOf(error, "events_event_id_key")
              ? answerRetry(streamId, expected, events)
              : Effect.die(error)
          default:
            return Effect.fail(error)
        }
      }),
    )

  /** The unique index refused an id: a retry of an append that is stored (its answer), or a reused id. */
  const answerRetry = (
    streamId: string,
    expected: ExpectedVersion,
    events: ReadonlyArray<NewEvent>,
  ) =>
    sql.unsafe<{ answer: string }>(storedAppendCall, [streamId, events.map((e) => e.eventId)]).pipe(
      Effect.orDie,
      Effect.flatMap(([row]) => {
        const answer = interpret(row, streamId, expected, events)
        return isFailure(answer)
          ? Effect.fail(idConflict(streamId, events))
          : Effect.succeed(answer)
      }),
    )

  return { appendInTransaction, appendAlone }
}
