import { HttpServerError, type HttpServerRequest } from "@effect/platform"
import { Cause, Effect, Option } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { scrubUrl } from "#events/scrub.ts"
import { describeCause, type ErrorReport } from "#toolkit/error-reports.ts"
import { jsonError } from "./api-answers.ts"

const findError = (cause: Cause.Cause<unknown>): unknown =>
  Option.getOrUndefined(Cause.failureOption(cause)) ?? Option.getOrUndefined(Cause.dieOption(cause))

export interface FailedRequest {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly pathname: string
  readonly requestId: string
  /** The client's address, whose share of the error stream is limited. */
  readonly address: string
}

/**
 * What the API router could not answer, as clear JSON: an unknown endpoint is a 404, a body that is not
 * JSON a 400, and anything else a 500 that is logged and recorded in the error stream. A client that went
 * away gets nothing: an interruption carries no error.
 */
export const answerFailure =
  (
    recordError: (report: ErrorReport, caller: string) => Effect.Effect<void>,
    failed: FailedRequest,
  ) =>
  (cause: Cause.Cause<unknown>) => {
    const { request, pathname, requestId, address } = failed
    if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
    const error = findError(cause)
    if (error instanceof HttpServerError.RouteNotFound) {
      return Effect.succeed(
        jsonError(404, { _tag: "NotFound", message: `No endpoint ${request.method} ${pathname}` }),
      )
    }
    if (error instanceof HttpServerError.RequestError && error.reason === "Decode") {
      return Effect.succeed(
        jsonError(400, {
          _tag: "MalformedRequest",
          message: "The request body is not valid JSON.",
        }),
      )
    }
    return Effect.gen(function* () {
      yield* Effect.logError("Request failed", cause)
      const report: ErrorReport = {
        source: "server",
        actor: Actors.anonymous,
        ...describeCause(cause),
        context: { method: request.method, url: scrubUrl(request.url), requestId },
      }
      yield* Effect.forkDaemon(recordError(report, address))
      return jsonError(500, {
        _tag: "InternalError",
        message: "Something went wrong on our side. The error has been recorded.",
        requestId,
      })
    })
  }
