import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { HttpBody, HttpServerResponse } from "@effect/platform"
import Negotiator from "negotiator"

/**
 * The encoding to send: brotli wherever the client accepts it at all (it is the smaller), else gzip; a
 * client that accepts neither gets the bytes as they are.
 */
export const encodingOf = (acceptEncoding: string | undefined): "br" | "gzip" | undefined => {
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
 * An answer built in memory (the API's JSON, a sitemap) compressed for a client that accepts it: brotli at
 * a middle quality, fast enough to do per response, or gzip. Files and streams are left to their own
 * (the SPA's are compressed when they are built, see static-files.ts).
 */
export const compressed = (
  response: HttpServerResponse.HttpServerResponse,
  acceptEncoding: string | undefined,
): HttpServerResponse.HttpServerResponse => {
  const { body } = response
  if (body._tag !== "Uint8Array" || !isCompressible(body.contentType)) return response
  if (response.headers["content-encoding"] !== undefined) return response
  const varied = HttpServerResponse.setHeader(response, "vary", varyWith(response.headers.vary))
  const encoding = encodingOf(acceptEncoding)
  if (encoding === undefined || body.body.length < worthIt) return varied
  const bytes =
    encoding === "br"
      ? brotliCompressSync(body.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body.body, { level: 6 })
  return HttpServerResponse.setHeader(
    HttpServerResponse.setBody(varied, HttpBody.uint8Array(bytes, body.contentType)),
    "content-encoding",
    encoding,
  )
}

/** A Vary header that names Accept-Encoding as well as what it named. */
export const varyWith = (vary: string | undefined) =>
  vary === undefined || vary === ""
    ? "Accept-Encoding"
    : /accept-encoding/i.test(vary)
      ? vary
      : `${vary}, Accept-Encoding`
