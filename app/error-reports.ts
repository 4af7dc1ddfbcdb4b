import type { SqlClient } from "@effect/sql"
import { Context, Effect, Either, Layer, Schema } from "effect"
import { v7 as uuidv7 } from "uuid"
import { type Actor, actorUserId } from "#events/contracts/actor.ts"
import { ErrorReported, type ErrorSource, errorStreamId } from "#events/contracts/errors.ts"
import type { Decider } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { scrub, scrubText } from "#events/scrub.ts"
import type { EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"

export interface ErrorReport {
  readonly source: ErrorSource
  readonly actor: Actor
  readonly message: string
  readonly stack?: string | undefined
  readonly context?: Record<string, unknown> | undefined
}

/** The error stream is a log: a report is recorded whatever came before it. */
const errorStream: Decider<ErrorReported, ErrorReported, null, never> = {
  initialState: null,
  evolve: () => null,
  decide: (report) => Either.right([report]),
}
const ErrorStreamEvent = Schema.Union(ErrorReported)

/**
 * What one caller can add to the error stream: enough to see what went wrong for them, not enough for one
 * client that keeps causing failures to bury everyone else's. Past it, failures are only logged.
 */
const reportsPerCaller = { max: 20, per: "10 minutes" } as const

/**
 * Records errors as events in the day's error stream, scrubbed of anything secret, correlated with the
 * request or job they happened in. Never fails the caller.
 */
export class ErrorReports extends Context.Tag("@melody/app/ErrorReports")<
  ErrorReports,
  {
    readonly record: (report: ErrorReport) => Effect.Effect<void>
    /** Records a failure a caller's request caused, within that caller's share of the stream. */
    readonly recordFromCaller: (report: ErrorReport, caller: string) => Effect.Effect<void>
  }
>() {
  static readonly live = Layer.effect(
    ErrorReports,
    Effect.gen(function* () {
      const store = yield* Effect.context<EventStore | SqlClient.SqlClient>()
      const limiter = yield* RateLimiter
      const record = (report: ErrorReport) => {
        const errorId = uuidv7()
        const event = new ErrorReported({
          errorId,
          source: report.source,
          userId: actorUserId(report.actor) ?? null,
          message: scrubText(report.message).slice(0, 2000),
          stack: report.stack === undefined ? null : scrubText(report.stack).slice(0, 20_000),
          context: scrub(report.context ?? {}) as Record<string, unknown>,
        })
        return Effect.flatMap(now, (at) =>
          runCommand({
            decider: errorStream,
            events: ErrorStreamEvent,
            streamId: errorStreamId(at),
            command: event,
            actor: report.actor,
            concurrency: "none",
            eventId: () => errorId,
          }),
        ).pipe(
          Effect.provide(store),
          Effect.asVoid,
          Effect.catchAllCause((cause) =>
            Effect.logError("Could not record an error report", cause),
          ),
        )
      }
      const recordFromCaller = (report: ErrorReport, caller: string) =>
        limiter.hit(`error-reports:${caller}`, reportsPerCaller).pipe(
          Effect.matchEffect({
            onFailure: () =>
              Effect.logWarning(
                "Error report not recorded: the caller has reported enough for now",
                {
                  caller,
                },
              ),
            onSuccess: () => record(report),
          }),
        )
      return { record, recordFromCaller }
    }),
  )
}
