import type { IncomingMessage } from "node:http"
import { Readable } from "node:stream"
import {
  type FileSystem,
  HttpMethod,
  HttpServerRequest,
  HttpServerResponse,
  type Multipart,
  type Path,
} from "@effect/platform"
import { Effect, Either, type Scope, Stream } from "effect"
import { textBodyProblem } from "./body-checks.ts"
import { type BodyTypes, type BodyTypesOf, json, multipart } from "./body-types.ts"
import { multipartStreamOf, parsedMultipart } from "./multipart-body.ts"

const kib = 1024

/** Most of the API takes a small JSON object: an address, a password, a title, a song's id. */
const jsonBodyLimit = 16 * kib

/**
 * The larger bodies, by path. Lyrics (at most 5,000 characters, up to 6 bytes each when escaped) and the
 * browser's error reports (stacks up to 20,000 characters) need more; what outside services send us is
 * theirs to shape, and a Stripe event or a provider callback with long lyrics runs to tens of KB.
 */
const largerBodies: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/api\/payments\/webhook$/, 1024 * kib],
  // A creator's picture: 5 MB, with room for the form around it.
  [/^\/api\/profile\/avatar$/, 5 * 1024 * kib + 16 * kib],
  [/^\/api\/media\/callbacks\//, 1024 * kib],
  [/^\/api\/client-errors$/, 128 * kib],
  [/^\/api\/(chat|chat\/lyrics|generate-lyrics|lyrics\/draft|generate-song|songs)$/, 64 * kib],
]

export const bodyLimitOf = (pathname: string) =>
  largerBodies.find(([path]) => path.test(pathname))?.[1] ?? jsonBodyLimit

/**
 * Reads a Node request's body while it is within `limit` bytes; past it, stops reading and answers
 * undefined, without holding more than the limit. A client that goes away interrupts.
 */
const readWithin = (source: IncomingMessage, limit: number) =>
  Effect.async<Uint8Array | undefined>((resume) => {
    const chunks: Array<Buffer> = []
    let size = 0
    const stop = () => {
      source.off("data", onData)
      source.off("end", onEnd)
      source.off("error", onGone)
      source.off("close", onGone)
      source.pause()
    }
    function onData(chunk: Buffer) {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      stop()
      resume(Effect.succeed(undefined))
    }
    function onEnd() {
      stop()
      resume(Effect.succeed(Buffer.concat(chunks)))
    }
    function onGone() {
      stop()
      resume(Effect.interrupt)
    }
    source.on("data", onData)
    source.once("end", onEnd)
    source.once("error", onGone)
    source.once("close", onGone)
    return Effect.sync(stop)
  })

/** The request as the API sees it once its body has been read: every way of reading gives these bytes. */
const withBody = (
  request: HttpServerRequest.HttpServerRequest,
  bytes: Uint8Array,
  text: string,
  parts: Multipart.Persisted | undefined,
) => {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  const read = Object.create(request, {
    text: { get: () => Effect.succeed(text) },
    arrayBuffer: { get: () => Effect.succeed(buffer) },
    stream: { get: () => Stream.succeed(bytes) },
  }) as HttpServerRequest.HttpServerRequest
  if (parts === undefined) return read
  return Object.create(read, {
    multipart: { get: () => Effect.succeed(parts) },
    multipartStream: { get: () => multipartStreamOf(bytes, request.headers) },
  }) as HttpServerRequest.HttpServerRequest
}

const refusal = (status: number, tag: string, message: string, headers = {}) =>
  HttpServerResponse.unsafeJson({ _tag: tag, message }, { status, headers })

// Closing the connection spares reading the rest of a body nobody will use.
const unread = { connection: "close" }

const tooLarge = (limit: number) =>
  refusal(
    413,
    "PayloadTooLarge",
    `The request body is larger than this endpoint accepts (${limit / kib} KB).`,
    unread,
  )

const unsupported = (takes: BodyTypes, sent: string) =>
  refusal(
    415,
    "UnsupportedMediaType",
    `This endpoint takes a body of type ${takes.mediaTypes.join(" or ")}, not ${sent}.`,
    unread,
  )

const hasBody = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["transfer-encoding"] !== undefined ||
  Number(request.headers["content-length"] ?? "0") > 0

/** The body's media type, without its parameters; a body without one is read as JSON, as the API does. */
const mediaTypeOf = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() || undefined

/** Reads the whole body within `limit`, without holding more; undefined past it. */
const readBody = (request: HttpServerRequest.HttpServerRequest, limit: number) => {
  const source: unknown = (request as unknown as { source: unknown }).source
  return source instanceof Readable
    ? readWithin(source as IncomingMessage, limit)
    : request.arrayBuffer.pipe(
        Effect.map((buffer) => new Uint8Array(buffer)),
        Effect.orDie,
      )
}

/**
 * Runs `app` with the request's body read first and checked, as its endpoint's contract says it takes
 * one (body-types.ts): a body of another type is refused with 415 before any of it is read; a larger
 * body than the route's limit with 413 (before it is read when its length is declared); and a body whose
 * text breaks the rules of its type (body-checks.ts, multipart-body.ts) with 400. The body is never read
 * whole into memory beyond its limit, and the API reads it, however it asks, from what was read here.
 */
export const withBoundedBody =
  (bodyTypesOf: BodyTypesOf, pathname: string) =>
  <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  ): Effect.Effect<
    HttpServerResponse.HttpServerResponse,
    E,
    R | HttpServerRequest.HttpServerRequest | FileSystem.FileSystem | Path.Path | Scope.Scope
  > =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const declared = mediaTypeOf(request)
      // The API reads a payload by its declared type even when nothing was sent, except on a GET.
      if (!hasBody(request) && (declared === undefined || !HttpMethod.hasBody(request.method)))
        return yield* app
      // An endpoint the router does not know answers 404 whatever was sent.
      const takes = bodyTypesOf(request.method, pathname)
      const mediaType = declared ?? json
      if (takes !== undefined && !takes.mediaTypes.includes(mediaType))
        return unsupported(takes, mediaType)
      if (!hasBody(request) && mediaType !== multipart) return yield* app
      const limit = bodyLimitOf(pathname)
      if (Number(request.headers["content-length"] ?? "0") > limit) return tooLarge(limit)
      const bytes = yield* readBody(request, limit)
      if (bytes === undefined || bytes.byteLength > limit) return tooLarge(limit)
      const text = new TextDecoder().decode(bytes)
      let parts: Multipart.Persisted | undefined
      if (mediaType === multipart && takes !== undefined) {
        const parsed = yield* parsedMultipart(bytes, request.headers, takes.multipartLimits)
        if (Either.isLeft(parsed))
          return refusal(parsed.left.status, "MalformedRequest", parsed.left.message)
        parts = parsed.right
      } else {
        const problem = textBodyProblem(mediaType, text)
        if (problem !== undefined) return refusal(400, "MalformedRequest", problem)
      }
      return yield* Effect.provideService(
        app,
        HttpServerRequest.HttpServerRequest,
        withBody(request, bytes, text, parts),
      )
    })
