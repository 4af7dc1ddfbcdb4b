import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { type Actor, actorUserId } from "#events/contracts/actor.ts"
import { ErrorReported, type ErrorSource, errorStreamId } from "#events/contracts/errors.ts"
import { eventMetadata } from "#events/request-context.ts"
import { scrub, scrubText } from "#events/scrub.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"

export interface ErrorReport {
  readonly source: ErrorSource
  readonly actor: Actor
  readonly message: string
  readonly stack?: string | undefined
  readonly context?: Record<string, unknown> | undefined
}

const encode = toNewEvent(ErrorReported)

/**
 * Records errors as events in the day's error stream, scrubbed of anything secret, correlated with the
 * request or job they happened in. Never fails the caller.
 */
export class ErrorReports extends Context.Tag("@melody/app/ErrorReports")<
  ErrorReports,
  { readonly record: (report: ErrorReport) => Effect.Effect<void> }
>() {
  static readonly live = Layer.effect(
    ErrorReports,
    Effect.gen(function* () {
      const store = yield* EventStore
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
        return eventMetadata(report.actor)
          .pipe(
            Effect.flatMap((metadata) =>
              store.append(errorStreamId(new Date()), "any", [encode(event, metadata, errorId)]),
            ),
          )
          .pipe(
            Effect.asVoid,
            Effect.catchAllCause((cause) =>
              Effect.logError("Could not record an error report", cause),
            ),
          )
      }
      return { record }
    }),
  )
}
