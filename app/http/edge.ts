import {
  type HttpApp,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse,
} from "@effect/platform"
import { Cause, Effect, FiberRef, identity, LogLevel, Option, type Scope } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import {
  currentCallerOnThisMachine,
  currentClientAddress,
  currentCorrelationId,
  currentRequestId,
} from "#events/request-context.ts"
import { scrubUrl } from "#events/scrub.ts"
import type { ErrorReport } from "../error-reports.ts"
import { clientAddressOf, isFromThisMachine, type TrustedProxies } from "./client-address.ts"
import type { KeptAnswers } from "./kept-answers.ts"
import { cameFromThisApp } from "./origin-check.ts"
import { withBoundedBody } from "./request-body.ts"
import { urlProblem } from "./storable-text.ts"

export interface EdgeOptions<R> {
  readonly staticFiles: (
    pathname: string,
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>
  /** Records a failure; `caller` is the client's address, whose share of the error stream is limited. */
  readonly recordError: (report: ErrorReport, caller: string) => Effect.Effect<void>
  /** The origin of APP_URL; state-changing requests from elsewhere are refused. */
  readonly appOrigin: string
  /** Served over TLS: the scheme assumed when no trusted proxy says otherwise. */
  readonly secure: boolean
  /** The proxies believed about the client's address and scheme (X-Forwarded-For / X-Forwarded-Proto). */
  readonly trustProxy: TrustedProxies
  /** Answers kept for the public timeline's readers (see kept-answers.ts). */
  readonly keptAnswers?: KeptAnswers
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/
const decoder = new TextDecoder()

const jsonError = (status: number, body: Record<string, unknown>) =>
  HttpServerResponse.unsafeJson(body, { status })

const findError = (cause: Cause.Cause<unknown>): unknown =>
  Option.getOrUndefined(Cause.failureOption(cause)) ?? Option.getOrUndefined(Cause.dieOption(cause))

/** Effect's own messages describe the schema; they need the field's name in front to be understood. */
const generic = /^(Expected |is missing|Unexpected )/

const sentence = (issue: { readonly path: ReadonlyArray<unknown>; readonly message: string }) => {
  if (issue.path.length === 0) {
    return issue.message.startsWith("Expected {")
      ? "The request body must be a JSON object."
      : issue.message
  }
  return generic.test(issue.message) ? `${issue.path.join(".")}: ${issue.message}` : issue.message
}

/**
 * Finishes an API answer: the built-in decode error's tree becomes one sentence per problem (the issues stay
 * for clients), and a 429 says when to come back in Retry-After.
 */
const finishApiResponse = (response: HttpServerResponse.HttpServerResponse) => {
  if ((response.status !== 400 && response.status !== 429) || response.body._tag !== "Uint8Array")
    return response
  try {
    const body = JSON.parse(decoder.decode(response.body.body)) as {
      _tag?: string
      issues?: ReadonlyArray<{ path: ReadonlyArray<unknown>; message: string }>
      retryAfterSeconds?: number
    }
    if (response.status === 429 && typeof body.retryAfterSeconds === "number") {
      return HttpServerResponse.setHeader(response, "retry-after", String(body.retryAfterSeconds))
    }
    if (body._tag !== "HttpApiDecodeError" || !body.issues) return response
    const message = [...new Set(body.issues.map(sentence))].join("; ")
    return jsonError(400, { ...body, message })
  } catch {
    return response
  }
}

/** Paths only the server's own machine may call: the development mailbox shows everyone's mail. */
const localOnly = /^\/api\/dev(\/|$)/

/**
 * Everything every request goes through: a request id, the SPA for non-API paths, clear JSON errors for
 * what the API router cannot answer (unknown endpoints, bodies that are not JSON, defects), and one log
 * line. Security headers are put on earlier, as Node receives the request (security-headers.ts).
 */
export const edge =
  <R>(options: EdgeOptions<R>) =>
  <RA>(app: HttpApp.Default<never, RA>): HttpApp.Default<never, R | RA | Scope.Scope> =>
    Effect.gen(function* () {
      const clientOf = clientAddressOf(options.trustProxy)
      const request = yield* HttpServerRequest.HttpServerRequest
      const started = Date.now()
      const given = request.headers["x-request-id"]
      const requestId = given && requestIdPattern.test(given) ? given : crypto.randomUUID()
      const pathname = new URL(request.url, "http://localhost").pathname
      const isApi = pathname === "/api" || pathname.startsWith("/api/")

      const peer = Option.getOrUndefined(request.remoteAddress)
      const client = clientOf(peer ?? "unknown", request.headers)
      const scheme = client.scheme ?? (options.secure ? "https" : "http")
      const address = client.address
      const onThisMachine = isFromThisMachine(peer, request.headers)
      const refused = isApi && !cameFromThisApp(request, options.appOrigin, scheme)
      const badUrl = isApi ? urlProblem(request.url) : undefined

      const answer: Effect.Effect<
        HttpServerResponse.HttpServerResponse,
        never,
        R | RA | HttpServerRequest.HttpServerRequest | Scope.Scope
      > = refused
        ? Effect.succeed(
            jsonError(403, {
              _tag: "Forbidden",
              message: "This request came from another site and was refused.",
            }),
          )
        : badUrl !== undefined
          ? Effect.succeed(jsonError(400, { _tag: "MalformedRequest", message: badUrl }))
          : isApi && localOnly.test(pathname) && !onThisMachine
            ? Effect.succeed(
                jsonError(404, {
                  _tag: "NotFound",
                  message:
                    "The development mailbox answers only on the machine the server runs on, with no proxy in between.",
                }),
              )
            : isApi
              ? app.pipe(
                  withBoundedBody(pathname),
                  Effect.map(finishApiResponse),
                  options.keptAnswers?.through(request, pathname) ?? identity,
                  Effect.catchAllCause((cause) => {
                    // The client went away: nothing to answer, and an interruption carries no error.
                    if (Cause.isInterruptedOnly(cause))
                      return Effect.failCause(cause as Cause.Cause<never>)
                    const error = findError(cause)
                    if (error instanceof HttpServerError.RouteNotFound) {
                      return Effect.succeed(
                        jsonError(404, {
                          _tag: "NotFound",
                          message: `No endpoint ${request.method} ${pathname}`,
                        }),
                      )
                    }
                    if (
                      error instanceof HttpServerError.RequestError &&
                      error.reason === "Decode"
                    ) {
                      return Effect.succeed(
                        jsonError(400, {
                          _tag: "MalformedRequest",
                          message: "The request body is not valid JSON.",
                        }),
                      )
                    }
                    return Effect.gen(function* () {
                      yield* Effect.logError("Request failed", cause)
                      yield* Effect.forkDaemon(
                        options.recordError(
                          {
                            source: "server",
                            actor: Actors.anonymous,
                            message: Cause.pretty(cause).split("\n")[0] ?? "defect",
                            stack: Cause.pretty(cause),
                            context: {
                              method: request.method,
                              url: scrubUrl(request.url),
                              requestId,
                            },
                          },
                          address,
                        ),
                      )
                      return jsonError(500, {
                        _tag: "InternalError",
                        message: "Something went wrong on our side. The error has been recorded.",
                        requestId,
                      })
                    })
                  }),
                )
              : options.staticFiles(pathname)

      // Each request runs in a fiber of its own, which ends with it: its context is set, not scoped.
      yield* FiberRef.set(currentRequestId, requestId)
      yield* FiberRef.set(currentCorrelationId, requestId)
      yield* FiberRef.set(currentClientAddress, address)
      yield* FiberRef.set(currentCallerOnThisMachine, onThisMachine)
      const response = yield* answer
      const level = isApi ? LogLevel.Info : LogLevel.Debug
      if (LogLevel.greaterThanEqual(level, yield* FiberRef.get(FiberRef.currentMinimumLogLevel))) {
        yield* Effect.logWithLevel(level, "request").pipe(
          Effect.annotateLogs({
            method: request.method,
            url: scrubUrl(request.url),
            status: response.status,
            ms: Date.now() - started,
          }),
        )
      }
      return HttpServerResponse.setHeader(response, "x-request-id", requestId)
    })
