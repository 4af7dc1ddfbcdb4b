import { createReadStream, createWriteStream } from "node:fs"
import { mkdir, rename, rm, stat } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { Context, Data, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { ByteRange } from "#toolkit/file-response.ts"
import { StorageConfig } from "./storage-config.ts"

export interface StoredFile {
  readonly size: number
  readonly contentType: string
}

export class InvalidKey extends Data.TaggedError("InvalidKey")<{ readonly key: string }> {}

const contentTypes: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  mp4: "video/mp4",
  mid: "audio/midi",
  json: "application/json",
  zip: "application/zip",
}

export const contentTypeOf = (key: string) =>
  contentTypes[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream"

/** Keys are paths of plain segments, never `..`: nothing outside the media folder can be named. */
export const validKey = (key: string) =>
  /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_.-]+)*\.[a-z0-9]+$/.test(key) && !key.split("/").includes("..")

/**
 * Where media files are kept: audio and covers copied from music APIs, renders, conversions. Local disk
 * under MEDIA_DIR by default.
 */
export class FileStorage extends Context.Tag("@melody/storage/FileStorage")<
  FileStorage,
  {
    /** Stores a file under `key` whole or not at all: it appears only once completely written. */
    readonly put: (
      key: string,
      from: Readable | Uint8Array,
    ) => Effect.Effect<StoredFile, InvalidKey>
    readonly stat: (key: string) => Effect.Effect<StoredFile | undefined, InvalidKey>
    readonly read: (key: string, range?: ByteRange) => Effect.Effect<Readable, InvalidKey>
    /** A path ffmpeg can read the file at. */
    readonly localPath: (key: string) => Effect.Effect<string, InvalidKey>
    readonly remove: (key: string) => Effect.Effect<void, InvalidKey>
    /**
     * A short-lived address the browser can fetch the file from directly, where the store has one (a
     * bucket's presigned GET; saved as `downloadName` when given); undefined where we serve it ourselves.
     */
    readonly directUrl: (
      key: string,
      downloadName?: string,
    ) => Effect.Effect<string | undefined, InvalidKey>
  }
>() {}

export const makeLocalStorage = Effect.gen(function* () {
  const root = resolve((yield* StorageConfig).directory)
  const pathOf = (key: string) =>
    validKey(key) ? Effect.succeed(join(root, key)) : Effect.fail(new InvalidKey({ key }))

  const statOf = (path: string, key: string) =>
    Effect.promise(() => stat(path).catch(() => undefined)).pipe(
      Effect.map((info) =>
        info?.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : undefined,
      ),
    )

  return FileStorage.of({
    put: (key, from) =>
      Effect.flatMap(pathOf(key), (path) =>
        Effect.promise(async () => {
          await mkdir(dirname(path), { recursive: true })
          const partial = `${path}.${uuidv7()}.partial`
          try {
            await pipeline(from instanceof Uint8Array ? [from] : from, createWriteStream(partial))
            await rename(partial, path)
          } catch (error) {
            await rm(partial, { force: true })
            throw error
          }
        }).pipe(
          Effect.zipRight(statOf(path, key)),
          Effect.map((file) => file!),
        ),
      ),
    stat: (key) => Effect.flatMap(pathOf(key), (path) => statOf(path, key)),
    read: (key, range) =>
      Effect.map(pathOf(key), (path) =>
        createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      ),
    localPath: pathOf,
    remove: (key) =>
      Effect.flatMap(pathOf(key), (path) => Effect.promise(() => rm(path, { force: true }))),
    // Local files are served by us, with ranges.
    directUrl: (key) => Effect.as(pathOf(key), undefined),
  })
})

export const LocalStorageLive = Layer.effect(FileStorage, makeLocalStorage)
