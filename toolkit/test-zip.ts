import { Effect } from "effect"
import { fromBuffer } from "yauzl"

/** A zip's entries, for tests: names and uncompressed sizes, and each entry's first 44 bytes. */
export const entriesOf = (bytes: Uint8Array) =>
  Effect.async<ReadonlyArray<{ name: string; size: number; head: Buffer }>, Error>((resume) => {
    fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error) return resume(Effect.fail(error))
      const found: Array<{ name: string; size: number; head: Buffer }> = []
      zip.on("entry", (entry) =>
        zip.openReadStream(entry, (failure, stream) => {
          if (failure) return resume(Effect.fail(failure))
          const chunks: Array<Buffer> = []
          stream.on("data", (chunk: Buffer) => chunks.push(chunk))
          stream.on("end", () => {
            found.push({
              name: entry.fileName,
              size: entry.uncompressedSize,
              head: Buffer.concat(chunks).subarray(0, 44),
            })
            zip.readEntry()
          })
        }),
      )
      zip.on("end", () => resume(Effect.succeed(found)))
      zip.readEntry()
    })
  })
