import { createWriteStream } from "node:fs"
import { mkdir, rename, rm, stat } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3"
import { Effect, Redacted } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { S3Settings } from "./config.ts"
import { contentTypeOf, InvalidKey, MediaStorage, validKey } from "./storage.ts"

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

/** Reads a whole upload: S3 needs a body's length before it starts, and songs are a few megabytes. */
const bytesOf = async (from: Readable | Uint8Array) => {
  if (from instanceof Uint8Array) return from
  const chunks: Array<Buffer> = []
  for await (const chunk of from) chunks.push(Buffer.from(chunk as Uint8Array))
  return new Uint8Array(Buffer.concat(chunks))
}

const orMissing = <A>(promise: Promise<A>) =>
  promise.catch((error: unknown) => {
    if (notFound(error)) return undefined
    throw error
  })

/**
 * Media files in an S3-compatible bucket (AWS, MinIO, R2...), under the configured prefix. ffmpeg reads
 * local paths, so `localPath` keeps a copy in a local cache folder.
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
    const cacheRoot = resolve(cacheDirectory)
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

    return MediaStorage.of({
      put: (key, from) =>
        onObject(key, "store", async () => {
          const body = await bytesOf(from)
          await client.send(
            new PutObjectCommand({
              ...object(key),
              Body: body,
              ContentType: contentTypeOf(key),
              ContentLength: body.byteLength,
            }),
          )
          return { size: body.byteLength, contentType: contentTypeOf(key) }
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
        onObject(key, "read", async () => {
          const path = join(cacheRoot, key)
          const cached = await stat(path).then(
            (info) => info.isFile(),
            () => false,
          )
          if (!cached) await download(key, path)
          return path
        }),
      remove: (key) =>
        onObject(key, "remove", async () => {
          await client.send(new DeleteObjectCommand(object(key)))
          await rm(join(cacheRoot, key), { force: true })
        }),
    })
  })
