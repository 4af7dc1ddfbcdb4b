import { createHash } from "node:crypto"
import { Effect } from "effect"
import { filesTheEventsName } from "#projections/stored-files/reads.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import type { MediaFile } from "./manifest.ts"

/** The files the events name that storage lacks, in key order. */
export const missingFiles = Effect.gen(function* () {
  const storage = yield* FileStorage
  const named = [...(yield* filesTheEventsName)].sort()
  const found = yield* Effect.forEach(named, (key) => storage.stat(key), { concurrency: 8 })
  return named.filter((_, index) => found[index] === undefined)
}).pipe(Effect.orDie)

/**
 * Every file the events name, with its size and SHA-256 as storage holds it now, and those it lacks: what
 * a copy of the media store is checked against.
 */
export const mediaManifest = Effect.gen(function* () {
  const storage = yield* FileStorage
  const named = [...(yield* filesTheEventsName)].sort()
  const files: Array<MediaFile> = []
  const missing: Array<string> = []
  yield* Effect.forEach(
    named,
    (key) =>
      Effect.gen(function* () {
        const stored = yield* storage.stat(key)
        if (stored === undefined) return void missing.push(key)
        const hash = createHash("sha256")
        const stream = yield* storage.read(key)
        const size = yield* Effect.promise(async () => {
          let bytes = 0
          for await (const chunk of stream) {
            hash.update(chunk as Buffer)
            bytes += (chunk as Buffer).length
          }
          return bytes
        })
        files.push({ key, size, sha256: hash.digest("hex") })
      }),
    { concurrency: 4 },
  )
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1)
  return { files: files.sort(byKey), missing: missing.sort() }
}).pipe(Effect.orDie)
