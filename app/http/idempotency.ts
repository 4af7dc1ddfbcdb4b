import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Exit } from "effect"
import { sessionCookieName } from "#api/auth.ts"
import type { IdempotentRequests, KeptAnswer } from "#toolkit/idempotent-requests.ts"
import { jsonError } from "./api-answers.ts"
import { requestFingerprint } from "./request-fingerprint.ts"

export interface IdempotencyOptions {
  /** The POST paths that spend credits or money: a key makes their retries answer without doing it again. */
  readonly paidPaths: ReadonlyArray<RegExp>
  /** Who holds this session id, read without sliding it; undefined for a session that ended. */
  readonly holderOf: (sessionId: string) => Effect.Effect<string | undefined>
  readonly requests: IdempotentRequests["Type"]
}

/** Stripe's limit; visible ASCII only, so a key is the same text however it is decoded. */
const keyPattern = /^[\x21-\x7e]{1,255}$/

/** The headers that describe a kept body; cookies and the request's own id are never sent again. */
const keptHeaders = ["location", "cache-control"]

const badKey = jsonError(400, {
  _tag: "MalformedRequest",
  message:
    "The Idempotency-Key header must be 1 to 255 visible ASCII characters without spaces (a UUID is best).",
})

const otherRequest = jsonError(422, {
  _tag: "IdempotencyKeyReused",
  message:
    "This Idempotency-Key was used in the last 24 hours for a different request: send a new key for a new request.",
})

const underway = jsonError(409, {
  _tag: "IdempotencyKeyInUse",
  message:
    "A request with this Idempotency-Key is still being processed: try again in a moment to get its answer.",
})

const replayed = (answer: KeptAnswer) => {
  const { "content-type": contentType, ...headers } = answer.headers
  return HttpServerResponse.uint8Array(answer.body, {
    status: answer.status,
    contentType,
    headers: { ...headers, "idempotent-replayed": "true" },
  })
}

/**
 * Whether an answer is kept for the key's retries. Success and refusals are: the request was decided, and
 * its retry is the same request, decided the same way (a refusal that charged nothing must not turn into a
 * charge because the balance moved meanwhile). Not kept: a 5xx, a failure before any decision, which the
 * retry runs again as Stripe's does; a 429, which says "not now" rather than deciding anything; and a body
 * that is not bytes in memory (a stream), which cannot be sent twice.
 */
const keepable = (response: HttpServerResponse.HttpServerResponse) =>
  response.status < 500 &&
  response.status !== 429 &&
  (response.body._tag === "Uint8Array" || response.body._tag === "Empty")

const answerOf = (response: HttpServerResponse.HttpServerResponse): KeptAnswer => {
  const { body } = response
  const headers: Record<string, string> = {}
  for (const name of keptHeaders) {
    const value = response.headers[name]
    if (value !== undefined) headers[name] = value
  }
  // A body in memory carries its own type rather than a header.
  const contentType =
    body._tag === "Uint8Array" ? body.contentType : response.headers["content-type"]
  if (contentType !== undefined) headers["content-type"] = contentType
  return {
    status: response.status,
    headers,
    body: body._tag === "Uint8Array" ? body.body : new Uint8Array(),
  }
}

/**
 * Stripe's idempotent requests, for the paid endpoints: a POST with an Idempotency-Key from a signed-in
 * person claims the key for its fingerprint (method, path, body) before it runs, and its answer is kept
 * for 24 hours. The same key again from the same person answers that answer without running anything;
 * under another fingerprint it is refused with 422; while the first still runs, with 409 (as Stripe does:
 * nothing waits holding a connection, and the SPA's own retries come after an answer). Keys are the
 * person's own: another person's key is theirs. Without the header, or without a session (the API answers
 * 401), the request runs as it would. The request runs to its end once it has claimed its key, even if the
 * client goes away, so that its retry finds the answer rather than a claim nobody finishes.
 *
 * Runs inside the body's checks (request-body.ts): the body it hashes is the one the API reads, and a
 * body refused there claims nothing.
 */
export const idempotent =
  (options: IdempotencyOptions) =>
  (pathname: string) =>
  <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  ): Effect.Effect<
    HttpServerResponse.HttpServerResponse,
    E,
    R | HttpServerRequest.HttpServerRequest
  > =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const key = request.headers["idempotency-key"]
      if (
        key === undefined ||
        request.method !== "POST" ||
        !options.paidPaths.some((path) => path.test(pathname))
      )
        return yield* app
      if (!keyPattern.test(key)) return badKey
      const sessionId = request.cookies[sessionCookieName]
      const owner = sessionId ? yield* options.holderOf(sessionId) : undefined
      if (owner === undefined) return yield* app
      const body = new Uint8Array(yield* Effect.orDie(request.arrayBuffer))
      const fingerprint = requestFingerprint(request.method, request.url, body)
      const claim = yield* options.requests.claim(owner, key, fingerprint)
      if (claim._tag !== "Claimed") {
        if (claim.fingerprint !== fingerprint) return otherRequest
        return claim._tag === "Answered" ? replayed(claim.answer) : underway
      }
      const exit = yield* Effect.exit(Effect.uninterruptible(app))
      if (Exit.isSuccess(exit) && keepable(exit.value))
        yield* options.requests.keep(owner, key, answerOf(exit.value))
      else yield* options.requests.release(owner, key)
      return yield* exit
    })

export type Idempotency = ReturnType<typeof idempotent>
