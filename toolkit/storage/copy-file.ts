import { createWriteStream } from "node:fs"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { ReadableStream } from "node:stream/web"
import { Data, Effect } from "effect"
import type { FileStorage } from "./storage.ts"

export class CopyFailed extends Data.TaggedError("CopyFailed")<{ readonly reason: string }> {}

/** Larger than any song or cover a music API sends; a bigger answer is not a song. */
const maxBytes = 60 * 1024 * 1024

/** Passes a download on, stopping it once it grows past `maxBytes`, whatever its Content-Length said. */
async function* capped(body: AsyncIterable<Uint8Array>) {
  let seen = 0
  for await (const chunk of body) {
    seen += chunk.length
    if (seen > maxBytes) throw new Error(`larger than ${maxBytes} bytes`)
    yield chunk
  }
}

/** A file at an outside address (a music API's), as it downloads; an answer other than 200 fails. */
export const download = (url: string) =>
  Effect.tryPromise({
    try: (signal) =>
      fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(120_000)]) }),
    catch: (error) => new CopyFailed({ reason: `could not fetch ${url}: ${String(error)}` }),
  }).pipe(
    Effect.filterOrFail(
      (response) => response.ok && response.body !== null,
      (response) => new CopyFailed({ reason: `${url} answered ${response.status}` }),
    ),
    Effect.map((response) => Readable.from(capped(response.body as ReadableStream<Uint8Array>))),
  )

/** Copies a file from an outside address (a music API's) into our storage, whole or not at all. */
export const copyFromUrl = (storage: FileStorage["Type"], url: string, key: string) =>
  download(url).pipe(
    Effect.flatMap((body) =>
      storage.put(key, body).pipe(
        Effect.orDie,
        Effect.catchAllDefect((defect) =>
          Effect.fail(new CopyFailed({ reason: `${url}: ${String(defect)}` })),
        ),
      ),
    ),
  )

/** Saves a file from an outside address to a local path, whole or failed. */
export const downloadTo = (url: string, path: string) =>
  download(url).pipe(
    Effect.flatMap((body) =>
      Effect.tryPromise({
        try: () => pipeline(body, createWriteStream(path)),
        catch: (error) => new CopyFailed({ reason: `${url}: ${String(error)}` }),
      }),
    ),
  )
