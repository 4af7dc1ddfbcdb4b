import type { Readable } from "node:stream"
import { HttpServerResponse } from "@effect/platform"
import { NodeStream } from "@effect/platform-node"
import { Effect } from "effect"

export interface ByteRange {
  readonly start: number
  readonly end: number
}

/**
 * The one byte range a `Range` header asks for, within a file of `size` bytes: undefined for the whole
 * file (no header, or several ranges, which we answer whole), "unsatisfiable" when it lies outside.
 */
export const parseRange = (
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | undefined => {
  if (header === undefined) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, from = "", to = ""] = match
  if (from === "" && to === "") return undefined
  if (from === "") {
    const suffix = Number(to)
    if (suffix === 0) return "unsatisfiable"
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size || end < start) return "unsatisfiable"
  return { start, end }
}

/** Characters file systems refuse in a name. */
const unsafeInFileNames = new Set([...'\\/:*?"<>|'])

/** A title as a file or folder name: what the person sees, without what file systems refuse. */
export const safeName = (title: string) => {
  const safe = [...title].filter((c) => c >= " " && !unsafeInFileNames.has(c)).join("")
  return safe.replace(/\s+/g, " ").trim() || "song"
}

/** A file name from a title and an extension. */
export const fileName = (title: string, extension: string) => `${safeName(title)}.${extension}`

/** `attachment; filename=...` for any title, in ASCII and in UTF-8 for the browsers that read it. */
export const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * A file as HTTP serves media: the whole of it, or the one range asked for (206), with what players need
 * to seek; a download name makes it an attachment.
 */
export const fileResponse = <Err, R>(options: {
  readonly size: number
  readonly contentType: string
  readonly rangeHeader: string | undefined
  readonly open: (range?: ByteRange) => Effect.Effect<Readable, Err, R>
  readonly downloadName?: string | undefined
  /** Where the browser can fetch the file itself (a presigned address), if the store has one. */
  readonly directUrl?: Effect.Effect<string | undefined, Err, R>
}): Effect.Effect<HttpServerResponse.HttpServerResponse, Err, R> =>
  Effect.flatMap(options.directUrl ?? Effect.succeed(undefined), (url) =>
    url === undefined
      ? served(options)
      : // The address expires within minutes: neither the redirect nor the page may be kept.
        Effect.succeed(
          HttpServerResponse.redirect(url, {
            status: 302,
            headers: { "cache-control": "private, no-store" },
          }),
        ),
  )

const served = <Err, R>(options: {
  readonly size: number
  readonly contentType: string
  readonly rangeHeader: string | undefined
  readonly open: (range?: ByteRange) => Effect.Effect<Readable, Err, R>
  readonly downloadName?: string | undefined
}): Effect.Effect<HttpServerResponse.HttpServerResponse, Err, R> => {
  const { size, contentType } = options
  const headers: Record<string, string> = {
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
    ...(options.downloadName ? { "content-disposition": attachment(options.downloadName) } : {}),
  }
  const range = parseRange(options.rangeHeader, size)
  if (range === "unsatisfiable") {
    return Effect.succeed(
      HttpServerResponse.empty({
        status: 416,
        headers: { ...headers, "content-range": `bytes */${size}` },
      }),
    )
  }
  return Effect.map(options.open(range), (readable) =>
    HttpServerResponse.stream(
      NodeStream.fromReadable(
        () => readable,
        (error) => error,
      ),
      {
        status: range ? 206 : 200,
        contentType,
        contentLength: range ? range.end - range.start + 1 : size,
        headers: range
          ? { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}` }
          : headers,
      },
    ),
  )
}
