import { Cause, Context, Effect, Layer } from "effect"
import { type Actor, actorUserId } from "#events/contracts/actor.ts"
import type { ErrorSource } from "#events/contracts/errors.ts"
import { eventMetadata } from "#events/request-context.ts"
import { appendErrorReport, EventStore } from "#events/store/index.ts"
import { now } from "./clock.ts"
import { RateLimiter } from "./rate-limit.ts"

export interface ErrorReport {
  readonly source: ErrorSource
  readonly actor: Actor
  readonly message: string
  readonly stack?: string | undefined
  readonly context?: Record<string, unknown> | undefined
}

/** How many errors that caused the failure a report follows down: a driver's, a socket's... */
const causeDepth = 5

/**
 * A failure as a report tells it: its first line, and its whole story with what caused it (a database's
 * own words are the cause of the SQL client's "Failed to append", which the cause's rendering leaves out).
 */
export const describeCause = (cause: Cause.Cause<unknown>) => {
  const pretty = Cause.pretty(cause)
  const chain: Array<string> = []
  let next = (Cause.squash(cause) as { readonly cause?: unknown } | undefined)?.cause
  while (next !== undefined && chain.length < causeDepth) {
    chain.push(`Caused by: ${next instanceof Error ? (next.stack ?? next.message) : String(next)}`)
    next = next instanceof Error ? next.cause : undefined
  }
  return { message: pretty.split("\n")[0] ?? "defect", stack: [pretty, ...chain].join("\n") }
}

/**
 * What one caller can add to the error stream: enough to see what went wrong for them, not enough for one
 * client that keeps causing failures to bury everyone else's. Past it, failures are only logged.
 */
const reportsPerCaller = { max: 20, per: "10 minutes" } as const

/**
 * Records errors as events in the day's error stream, scrubbed of anything secret, correlated with the
 * request or job they happened in. Never fails the caller.
 */
export class ErrorReports extends Context.Tag("@melody/ErrorReports")<
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
      const store = yield* EventStore
      const limiter = yield* RateLimiter
      const record = (report: ErrorReport) =>
        Effect.all([now, eventMetadata(report.actor)]).pipe(
          Effect.flatMap(([at, metadata]) =>
            appendErrorReport(
              store,
              {
                source: report.source,
                userId: actorUserId(report.actor) ?? null,
                message: report.message,
                stack: report.stack,
                context: report.context,
              },
              metadata,
              at,
            ),
          ),
          Effect.asVoid,
          Effect.catchAllCause((cause) =>
            Effect.logError("Could not record an error report", cause),
          ),
        )
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
