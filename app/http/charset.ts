import { HttpBody, HttpServerResponse } from "@effect/platform"

/**
 * Types whose bytes are text a browser must decode: HTML, plain text, CSV, XML, LRC. Event streams are
 * decoded as UTF-8 whatever they say (the HTML standard), and images (SVG) are left as they are.
 */
const textual = /^(text\/[^;]+|application\/(xml|javascript|x-lrc|[^;]+\+xml))\s*(;|$)/i
const eventStream = /^text\/event-stream\b/i

/** The type as sent, naming UTF-8 when it is text that names no charset. */
const namingUtf8 = (type: string) =>
  textual.test(type) && !eventStream.test(type) && !/;\s*charset=/i.test(type)
    ? `${type}; charset=utf-8`
    : type

/**
 * Every text the server writes is UTF-8 (TextEncoder, the files the build writes), and says so: without
 * a charset, a browser guesses an HTML page's or a text's encoding (windows-1252 for text/plain), and
 * reads a title in Cyrillic or an emoji in lyrics as mojibake. The platform's `html` and `text` answers
 * name none. JSON is left as it is: it is UTF-8 by definition, and RFC 8259 registers no charset for it.
 */
export const withCharset = (
  response: HttpServerResponse.HttpServerResponse,
): HttpServerResponse.HttpServerResponse => {
  const { body } = response
  switch (body._tag) {
    case "Uint8Array": {
      const type = namingUtf8(body.contentType)
      return type === body.contentType
        ? response
        : HttpServerResponse.setBody(response, HttpBody.uint8Array(body.body, type))
    }
    case "Stream": {
      const type = namingUtf8(body.contentType)
      return type === body.contentType
        ? response
        : HttpServerResponse.setBody(
            response,
            HttpBody.stream(body.stream, type, body.contentLength),
          )
    }
    default: {
      const declared = response.headers["content-type"]
      const type = declared && namingUtf8(declared)
      return type === declared || type === undefined
        ? response
        : HttpServerResponse.setHeader(response, "content-type", type)
    }
  }
}
