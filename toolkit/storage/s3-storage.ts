import { createWriteStream } from "node:fs"
import { mkdir, rename, rm } from "node:fs/promises"
import { dirname, resolve } from "node:path"
import { Readable, Transform } from "node:stream"
import { pipeline } from "node:stream/promises"
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3"
import { Upload } from "@aws-sdk/lib-storage"
import { getSignedUrl } from "@aws-sdk/s3-request-presigner"
import { Effect, Redacted } from "effect"
import { v7 as uuidv7 } from "uuid"
import { attachment } from "#toolkit/file-response.ts"
import { makeS3Cache } from "./s3-cache.ts"
import type { S3Settings } from "./s3-config.ts"
import { contentTypeOf, FileStorage, InvalidKey, validKey } from "./storage.ts"

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === "NotFound" ||
    error.name === "NoSuchKey")

/** What the store refused and why: HEAD answers have no body, so the status is all an error may say. */
const described = (error: unknown, what: string) =>
  error instanceof S3ServiceException
    ? new Error(
        `The media bucket refused to ${what}: ${error.name} (HTTP ${error.$metadata.httpStatusCode})`,
        { cause: error },
      )
    : error

/**
 * Uploads go up as they are read: in one request when they fit in a part, as a multipart upload of parts
 * this size otherwise, one part at a time in memory.
 */
export const partSize = 8 * 1024 * 1024

/** How long a presigned download stays valid: long enough to start playing, short enough not to share. */
const directUrlSeconds = 300

/** Counts the bytes passing through, for the size of what was stored. */
const counting = () => {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length
      done(null, chunk)
    },
  }) as Transform & { bytes: number }
  counter.bytes = 0
  return counter
}

const orMissing = <A>(promise: Promise<A>) =>
  promise.catch((error: unknown) => {
    if (notFound(error)) return undefined
    throw error
  })

/**
 * Media files in an S3-compatible bucket (AWS, MinIO, R2...), under the configured prefix. ffmpeg reads
 * local paths, so `localPath` keeps a copy in a bounded local cache; browsers fetch files straight from
 * the bucket through presigned addresses.
 */
export const makeS3Storage = (settings: S3Settings, cacheDirectory: string) =>
  Effect.sync(() => {
    const client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint.toString() } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: Redacted.value(settings.secretAccessKey),
      },
      // S3-compatible stores do not all accept the newer default checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    })
    const cache = makeS3Cache(resolve(cacheDirectory), settings.cacheMaxBytes)
    const object = (key: string) => ({ Bucket: settings.bucket, Key: `${settings.prefix}${key}` })

    /** Runs on a valid key; the store's refusals become defects that say what was refused. */
    const onObject = <A>(key: string, what: string, run: () => Promise<A>) =>
      validKey(key)
        ? Effect.tryPromise({
            try: run,
            catch: (error) => described(error, `${what} ${key}`),
          }).pipe(Effect.orDie)
        : Effect.fail(new InvalidKey({ key }))

    const download = async (key: string, path: string) => {
      const found = await orMissing(client.send(new GetObjectCommand(object(key))))
      // Like a local path to no file: whoever reads it finds nothing there.
      if (found === undefined) return
      await mkdir(dirname(path), { recursive: true })
      const partial = `${path}.${uuidv7()}.partial`
      try {
        await pipeline(found.Body as Readable, createWriteStream(partial))
        await rename(partial, path)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    }

    return FileStorage.of({
      put: (key, from) =>
        onObject(key, "store", async () => {
          const counter = counting()
          const source = from instanceof Uint8Array ? Readable.from([from]) : from
          const upload = new Upload({
            client,
            params: { ...object(key), Body: counter, ContentType: contentTypeOf(key) },
            partSize,
            queueSize: 1,
            leavePartsOnError: false,
          })
          const uploaded = upload.done().catch((error: unknown) => {
            counter.destroy(error as Error)
            throw error
          })
          await Promise.all([pipeline(source, counter), uploaded])
          return { size: counter.bytes, contentType: contentTypeOf(key) }
        }),
      stat: (key) =>
        onObject(key, "describe", async () => {
          const head = await orMissing(client.send(new HeadObjectCommand(object(key))))
          return head && { size: head.ContentLength ?? 0, contentType: contentTypeOf(key) }
        }),
      read: (key, range) =>
        onObject(key, "read", async () => {
          const found = await client.send(
            new GetObjectCommand({
              ...object(key),
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
          )
          return found.Body as Readable
        }),
      localPath: (key) =>
        onObject(key, "read", () => cache.pathOf(key, (path) => download(key, path))),
      remove: (key) =>
        onObject(key, "remove", async () => {
          await client.send(new DeleteObjectCommand(object(key)))
          await cache.forget(key)
        }),
      directUrl: (key, downloadName) =>
        onObject(key, "sign", () =>
          getSignedUrl(
            client,
            new GetObjectCommand({
              ...object(key),
              ResponseContentType: contentTypeOf(key),
              ...(downloadName ? { ResponseContentDisposition: attachment(downloadName) } : {}),
            }),
            { expiresIn: directUrlSeconds },
          ),
        ),
    })
  })
