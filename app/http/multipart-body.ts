import type { IncomingHttpHeaders } from "node:http"
import { Readable } from "node:stream"
import { Multipart } from "@effect/platform"
import { NodeMultipart } from "@effect/platform-node"
import { Effect, Either } from "effect"
import { isStorable, unstorableMessage } from "./storable-text.ts"

/** Why a multipart body is refused: too large a part (413), or one that cannot be read or stored (400). */
export interface MultipartRefusal {
  readonly status: 400 | 413
  readonly message: string
}

const tooLarge = new Set(["FileTooLarge", "FieldTooLarge", "BodyTooLarge", "TooManyParts"])

/** Whether a field's value or a file's name is text PostgreSQL cannot store. */
const holdsUnstorableText = (parts: Multipart.Persisted) =>
  Object.entries(parts).some(
    ([name, value]) =>
      !isStorable(name) ||
      (typeof value === "string"
        ? !isStorable(value)
        : value.some((part) => !isStorable(typeof part === "string" ? part : part.name))),
  )

/**
 * A multipart body already read (within its endpoint's limit), parsed within the limits its endpoint's
 * contract sets: its files are kept in a temporary folder while the request lasts, and its fields and file
 * names are held to the rules of every text body. The API's own parser would read the request's stream,
 * which the edge has already read; and it takes a part too large, or a body that does not parse, for a
 * defect (a 500).
 */
export const parsedMultipart = (
  bytes: Uint8Array,
  headers: IncomingHttpHeaders,
  limits: Multipart.withLimits.Options | undefined,
) =>
  Effect.gen(function* () {
    const parse = NodeMultipart.persisted(Readable.from([Buffer.from(bytes)]), headers)
    const parsed = yield* Effect.either(
      limits === undefined ? parse : Multipart.withLimits(parse, limits),
    )
    if (Either.isLeft(parsed))
      return Either.left<MultipartRefusal>(
        tooLarge.has(parsed.left.reason)
          ? {
              status: 413,
              message: "A part of the request body is larger than this endpoint takes.",
            }
          : { status: 400, message: "The request body is not valid multipart/form-data." },
      )
    if (holdsUnstorableText(parsed.right))
      return Either.left<MultipartRefusal>({ status: 400, message: unstorableMessage })
    return Either.right(parsed.right)
  })

/** The same body as a stream of parts, for an endpoint that reads them as they come. */
export const multipartStreamOf = (bytes: Uint8Array, headers: IncomingHttpHeaders) =>
  NodeMultipart.stream(Readable.from([Buffer.from(bytes)]), headers)
