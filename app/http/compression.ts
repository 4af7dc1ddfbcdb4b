import { brotliCompress, constants, gzip } from "node:zlib"
import { HttpBody, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import Negotiator from "negotiator"

type Encoding = "br" | "gzip"

/**
 * The encoding to send: brotli wherever the client accepts it at all (it is the smaller), else gzip; a
 * client that accepts neither gets the bytes as they are.
 */
export const encodingOf = (acceptEncoding: string | undefined): Encoding | undefined => {
  const accepted = new Negotiator({
    headers: { "accept-encoding": acceptEncoding ?? "" },
  }).encodings(["br", "gzip"])
  return accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : undefined
}

/** Text that shrinks: JSON, HTML, CSS, JavaScript, XML, SVG, plain text. */
export const isCompressible = (contentType: string) =>
  /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/.test(contentType)

/** Smaller than this, the encoding's own bytes and the time spent are not worth it. */
const worthIt = 1024

/**
 * Larger than this, an answer made for one request is sent as it is: at brotli's middle quality, 256 KB
 * take about 20 ms of a thread, and the pool's few threads also read every file the server sends.
 */
export const largestCompressedPerAnswer = 256 * 1024

/**
 * Compresses on libuv's thread pool (Node's asynchronous zlib), never on the event loop; undefined when
 * it fails, and the bytes are then sent as they are.
 */
const compress = (bytes: Uint8Array, encoding: Encoding) =>
  new Promise<Uint8Array | undefined>((resolve) => {
    const done = (error: Error | null, result: Buffer) => resolve(error ? undefined : result)
    if (encoding === "br")
      brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, done)
    else gzip(bytes, { level: 6 }, done)
  })

// By the body's own bytes: an answer handed out again (the API's documentation, a cached timeline page) is
// the same object, and is compressed once in each encoding; the copies go with the bytes.
const kept = new WeakMap<Uint8Array, Map<Encoding, Promise<Uint8Array | undefined>>>()
// Large bodies sent once already, as they were: the next time they are compressed, once.
const sentOnce = new WeakSet<Uint8Array>()

/** The body in `encoding` if it is kept or may be made now; undefined to send it as it is. */
const encodedBody = (bytes: Uint8Array, encoding: Encoding) => {
  const copies = kept.get(bytes)
  const known = copies?.get(encoding)
  if (known) return known
  if (bytes.byteLength > largestCompressedPerAnswer && !sentOnce.has(bytes)) {
    sentOnce.add(bytes)
    return undefined
  }
  const made = compress(bytes, encoding)
  if (copies) copies.set(encoding, made)
  else kept.set(bytes, new Map([[encoding, made]]))
  return made
}

/**
 * An answer built in memory (the API's JSON, a sitemap, a drawn page) compressed for a client that accepts
 * it, off the event loop: brotli at a middle quality, or gzip. A body handed out again is compressed once
 * and kept with it; one made for a single answer is compressed when it is at most
 * `largestCompressedPerAnswer`, and sent as it is when larger, until it is handed out again (the 2 MB API
 * documentation: its first answer goes as it is, the next is compressed once, the rest get that copy).
 * Files and streams are left to their own (the SPA's are compressed when they are built, see
 * static-files.ts).
 */
export const compressed = (
  response: HttpServerResponse.HttpServerResponse,
  acceptEncoding: string | undefined,
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const { body } = response
  if (body._tag !== "Uint8Array" || !isCompressible(body.contentType))
    return Effect.succeed(response)
  if (response.headers["content-encoding"] !== undefined) return Effect.succeed(response)
  const varied = HttpServerResponse.setHeader(response, "vary", varyWith(response.headers.vary))
  const encoding = encodingOf(acceptEncoding)
  if (encoding === undefined || body.body.byteLength < worthIt) return Effect.succeed(varied)
  const encoded = encodedBody(body.body, encoding)
  if (encoded === undefined) return Effect.succeed(varied)
  return Effect.map(
    Effect.promise(() => encoded),
    (bytes) =>
      bytes === undefined
        ? varied
        : HttpServerResponse.setHeader(
            HttpServerResponse.setBody(varied, HttpBody.uint8Array(bytes, body.contentType)),
            "content-encoding",
            encoding,
          ),
  )
}

/** A Vary header that names Accept-Encoding as well as what it named. */
export const varyWith = (vary: string | undefined) =>
  vary === undefined || vary === ""
    ? "Accept-Encoding"
    : /accept-encoding/i.test(vary)
      ? vary
      : `${vary}, Accept-Encoding`
