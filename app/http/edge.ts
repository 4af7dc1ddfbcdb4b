import {
  type FileSystem,
  type HttpApp,
  HttpServerRequest,
  HttpServerResponse,
  type Path,
} from "@effect/platform"
import { Clock, Effect, FiberRef, identity, LogLevel, Option, type Scope } from "effect"
import { sessionCookieName } from "#api/auth.ts"
import {
  currentCallerOnThisMachine,
  currentClientAddress,
  currentCorrelationId,
  currentRequestId,
} from "#events/request-context.ts"
import { scrubUrl } from "#events/scrub.ts"
import type { ErrorReport } from "#toolkit/error-reports.ts"
import { recordRequest } from "../telemetry/http-metrics.ts"
import { finishApiResponse } from "./api-answers.ts"
import { answerFailure } from "./api-failures.ts"
import { type BodyTypesOf, jsonEverywhere } from "./body-types.ts"
import { withCharset } from "./charset.ts"
import { clientAddressOf, isFromThisMachine, type TrustedProxies } from "./client-address.ts"
import { compressed } from "./compression.ts"
import type { Idempotency } from "./idempotency.ts"
import { redirectToAppUrl } from "./one-address.ts"
import { privateUnlessShared } from "./private-answers.ts"
import { refusalOf } from "./refusals.ts"
import { withBoundedBody } from "./request-body.ts"
import type { ResponseCache } from "./response-cache.ts"
import type { RouteOf } from "./routes.ts"

export interface EdgeOptions<R> {
  readonly staticFiles: (
    pathname: string,
    acceptEncoding: string | undefined,
    /** The session cookie's value, if any: a page is drawn as whoever holds it sees it. */
    session: string | undefined,
    /** The address's query (`?tab=newest`), which says which of a page's lists is shown. */
    search: URLSearchParams,
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>
  /** Records a failure; `caller` is the client's address, whose share of the error stream is limited. */
  readonly recordError: (report: ErrorReport, caller: string) => Effect.Effect<void>
  /** APP_URL: state-changing requests from another origin are refused, pages under another name redirected. */
  readonly appUrl: URL
  /** Where passkeys are made and used: its pages are answered there, never redirected to APP_URL. */
  readonly passkeyOrigin?: string
  /** Served over TLS: the scheme assumed when no trusted proxy says otherwise. */
  readonly secure: boolean
  /** The proxies believed about the client's address and scheme (X-Forwarded-For / X-Forwarded-Proto). */
  readonly trustProxy: TrustedProxies
  /**
   * Whether local-only paths (the development mailbox) answer callers on this machine; false on a server
   * others can reach (app/exposure.ts). Unset: true.
   */
  readonly localPathsOpen?: boolean
  /** Responses cached for the public timeline's readers (see response-cache.ts). */
  readonly responseCache?: ResponseCache
  /** What each endpoint takes in its body (see body-types.ts); JSON everywhere when not given. */
  readonly bodyTypes?: BodyTypesOf
  /** What a request was for, to label its metrics (routes.ts); `api` or `page` when not told. */
  readonly routeOf?: RouteOf
  /** API paths whose answers anyone without a session gets alike, which caches may keep (private-answers.ts). */
  readonly publicReads?: ReadonlySet<string>
  /** Paid requests sent with an Idempotency-Key, answered once (idempotency.ts). */
  readonly idempotency?: Idempotency
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/

/** The caller's own request id when it is a sensible one, else a new one. */
const requestIdOf = (request: HttpServerRequest.HttpServerRequest) => {
  const given = request.headers["x-request-id"]
  return given && requestIdPattern.test(given) ? given : crypto.randomUUID()
}

/** One line per request: API requests at info, the SPA's files at debug. */
const logRequest = (
  request: HttpServerRequest.HttpServerRequest,
  isApi: boolean,
  status: number,
  started: number,
) =>
  Effect.gen(function* () {
    const ended = yield* Clock.currentTimeMillis
    const level = isApi ? LogLevel.Info : LogLevel.Debug
    if (!LogLevel.greaterThanEqual(level, yield* FiberRef.get(FiberRef.currentMinimumLogLevel)))
      return
    yield* Effect.logWithLevel(level, "request").pipe(
      Effect.annotateLogs({
        method: request.method,
        url: scrubUrl(request.url),
        status,
        ms: ended - started,
      }),
    )
  })

/**
 * Everything every request goes through: a request id, who the client is, the refusals no handler should
 * see (refusals.ts), pages under another name of this server sent to APP_URL (one-address.ts), the SPA
 * for non-API paths, a body of a type its endpoint takes, within its limit and checked (request-body.ts),
 * paid requests with an Idempotency-Key answered once (idempotency.ts),
 * clear JSON errors for what the API router cannot answer (api-failures.ts), cached timeline responses,
 * answers about a person kept from caches (private-answers.ts), text that says it is UTF-8 (charset.ts),
 * answers built in memory compressed off the event loop for clients that accept it (compression.ts), and
 * one log line. Security headers are put on earlier, as Node receives the request (security-headers.ts).
 */
export const edge =
  <R>(options: EdgeOptions<R>) =>
  <RA>(
    app: HttpApp.Default<never, RA>,
  ): HttpApp.Default<never, R | RA | Scope.Scope | FileSystem.FileSystem | Path.Path> => {
    const clientOf = clientAddressOf(options.trustProxy)
    const cachingOf = privateUnlessShared(options.publicReads ?? new Set())
    return Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const started = yield* Clock.currentTimeMillis
      const requestId = requestIdOf(request)
      const { pathname, searchParams } = new URL(request.url, "http://localhost")
      const isApi = pathname === "/api" || pathname.startsWith("/api/")
      const peer = Option.getOrUndefined(request.remoteAddress)
      const client = clientOf(peer ?? "unknown", request.headers)
      const scheme = client.scheme ?? (options.secure ? "https" : "http")
      const onThisMachine = isFromThisMachine(peer, request.headers)

      // Each request runs in a fiber of its own, which ends with it: its context is set, not scoped.
      yield* FiberRef.set(currentRequestId, requestId)
      yield* FiberRef.set(currentCorrelationId, requestId)
      yield* FiberRef.set(currentClientAddress, client.address)
      yield* FiberRef.set(currentCallerOnThisMachine, onThisMachine)

      const refusal = isApi
        ? refusalOf({
            request,
            pathname,
            scheme,
            onThisMachine,
            localPathsOpen: options.localPathsOpen ?? true,
            appOrigin: options.appUrl.origin,
          })
        : redirectToAppUrl(request, options.appUrl, options.passkeyOrigin)
      const failed = { request, pathname, requestId, address: client.address }
      const response =
        refusal ??
        (isApi
          ? yield* app.pipe(
              Effect.map(finishApiResponse),
              options.idempotency?.(pathname) ?? identity,
              withBoundedBody(options.bodyTypes ?? jsonEverywhere, pathname),
              options.responseCache?.through(request, pathname) ?? identity,
              Effect.catchAllCause(answerFailure(options.recordError, failed)),
              Effect.map((answer) => cachingOf(request, pathname, answer)),
            )
          : yield* options.staticFiles(
              pathname,
              request.headers["accept-encoding"],
              request.cookies[sessionCookieName] || undefined,
              searchParams,
            ))
      yield* logRequest(request, isApi, response.status, started)
      yield* recordRequest(
        request.method,
        options.routeOf?.(request.method, pathname) ?? (isApi ? "api" : "page"),
        response.status,
        (yield* Clock.currentTimeMillis) - started,
      )
      const sent = yield* compressed(withCharset(response), request.headers["accept-encoding"])
      return HttpServerResponse.setHeader(sent, "x-request-id", requestId)
    })
  }
