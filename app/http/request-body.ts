import type { IncomingMessage } from "node:http"
import { Readable } from "node:stream"
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Stream } from "effect"
import { jsonHasUnstorableText, unstorableMessage } from "./storable-text.ts"

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
  [/^\/api\/media\/callbacks\//, 1024 * kib],
  [/^\/api\/client-errors$/, 128 * kib],
  [/^\/api\/(chat|chat\/lyrics|generate-lyrics|lyrics\/draft|generate-song|songs)$/, 64 * kib],
]

export const bodyLimitOf = (pathname: string) =>
  largerBodies.find(([path]) => path.test(pathname))?.[1] ?? jsonBodyLimit

/**
 * Deeper than any body we accept: the payloads are flat records, and Stripe's events nest about eight
 * levels. Decoding a deeper one, or describing why it does not decode, recurses once per level.
 */
export const deepestJson = 32

/** Whether JSON text opens more than `max` objects or arrays inside each other, read without parsing it. */
export const nestsDeeperThan = (text: string, max: number) => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth += 1
      if (depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth -= 1
  }
  return false
}

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
const withBody = (request: HttpServerRequest.HttpServerRequest, bytes: Uint8Array) => {
  const text = new TextDecoder().decode(bytes)
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  return Object.create(request, {
    text: { get: () => Effect.succeed(text) },
    arrayBuffer: { get: () => Effect.succeed(buffer) },
    stream: { get: () => Stream.succeed(bytes) },
  }) as HttpServerRequest.HttpServerRequest
}

const refusal = (status: number, tag: string, message: string) =>
  HttpServerResponse.unsafeJson(
    { _tag: tag, message },
    // Closing the connection spares reading the rest of a body nobody will use.
    { status, headers: status === 413 ? { connection: "close" } : {} },
  )

const tooLarge = (limit: number) =>
  refusal(
    413,
    "PayloadTooLarge",
    `The request body is larger than this endpoint accepts (${limit / kib} KB).`,
  )

const hasBody = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["transfer-encoding"] !== undefined ||
  Number(request.headers["content-length"] ?? "0") > 0

/**
 * Runs `app` with the request's body read first, within the route's limit: a larger body is refused with
 * 413 (before any of it is read when its length is declared), and JSON nested deeper than any payload
 * with 400. The body is never read whole into memory beyond its limit.
 */
export const withBoundedBody =
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
      if (!hasBody(request)) return yield* app
      const limit = bodyLimitOf(pathname)
      if (Number(request.headers["content-length"] ?? "0") > limit) return tooLarge(limit)
      const source: unknown = (request as unknown as { source: unknown }).source
      const bytes =
        source instanceof Readable
          ? yield* readWithin(source as IncomingMessage, limit)
          : yield* request.arrayBuffer.pipe(
              Effect.map((buffer) => new Uint8Array(buffer)),
              Effect.orDie,
            )
      if (bytes === undefined || bytes.byteLength > limit) return tooLarge(limit)
      const read = withBody(request, bytes)
      const contentType = request.headers["content-type"] ?? "application/json"
      if (contentType.includes("json")) {
        const text = yield* Effect.orDie(read.text)
        if (nestsDeeperThan(text, deepestJson)) {
          return refusal(
            400,
            "MalformedRequest",
            `The request body nests objects or arrays deeper than ${deepestJson} levels.`,
          )
        }
        if (jsonHasUnstorableText(text)) return refusal(400, "MalformedRequest", unstorableMessage)
      }
      return yield* Effect.provideService(app, HttpServerRequest.HttpServerRequest, read)
    })
