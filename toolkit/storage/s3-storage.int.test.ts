import { createHash } from "node:crypto"
import { mkdtemp, readdir, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable } from "node:stream"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { startFakeS3 } from "#stand-ins/fake-services/s3.ts"
import { partSize } from "./s3-storage.ts"
import { FileStorage } from "./storage.ts"
import { StorageConfigLive } from "./storage-config.ts"
import { FileStorageLive } from "./storage-live.ts"

const s3 = await startFakeS3({ bucket: "big-bucket", accessKeyId: "test-access-key" })
afterAll(() => s3.close())

const directory = await mkdtemp(join(tmpdir(), "melody-s3-media-"))
const cacheMaxBytes = 20
const layer = FileStorageLive.pipe(
  Layer.provide(StorageConfigLive),
  Layer.provide(
    Layer.setConfigProvider(
      ConfigProvider.fromMap(
        new Map(
          Object.entries({
            MEDIA_DIR: directory,
            S3_BUCKET: "big-bucket",
            S3_ENDPOINT: s3.url,
            S3_ACCESS_KEY_ID: "test-access-key",
            S3_SECRET_ACCESS_KEY: "test-secret",
            S3_CACHE_MAX_BYTES: String(cacheMaxBytes),
          }),
        ),
      ),
    ),
  ),
)

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

/** `size` bytes made as they are read, never held whole by the test. */
const generated = (size: number) => {
  let sent = 0
  const hash = createHash("sha256")
  const readable = new Readable({
    read() {
      if (sent >= size) return this.push(null)
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent), sent % 251)
      sent += chunk.length
      hash.update(chunk)
      this.push(chunk)
    },
  })
  return { readable, digest: () => hash.digest("hex") }
}

describe("media storage in a bucket", () => {
  it.live("streams a large file up as a multipart upload of bounded parts", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const size = 2 * partSize + 12_345
      const source = generated(size)
      const stored = yield* storage.put("videos/big.mp4", source.readable)
      expect(stored).toEqual({ size, contentType: "video/mp4" })
      const calls = s3.requests.filter((r) => r.key === "videos/big.mp4")
      const step = (c: { method: string; query: string }) =>
        c.query.includes("uploads")
          ? "create"
          : c.query.includes("partNumber")
            ? "part"
            : c.query.includes("uploadId")
              ? "complete"
              : c.method
      expect(calls.map(step)).toEqual(["create", "part", "part", "part", "complete"])
      expect(Math.max(...calls.map((c) => c.bytes))).toBeLessThanOrEqual(partSize)
      expect(sha(s3.objects.get("videos/big.mp4")!.body)).toBe(source.digest())
    }).pipe(Effect.provide(layer)),
  )

  it.live("sends a small file in one request", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      yield* storage.put("songs/small.mp3", new TextEncoder().encode("0123456789"))
      const calls = s3.requests.filter((r) => r.key === "songs/small.mp3")
      expect(calls.map((c) => c.method)).toEqual(["PUT"])
    }).pipe(Effect.provide(layer)),
  )

  it.live("keeps its local copies within the configured bytes, dropping the least used", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      for (const name of ["c1", "c2", "c3"]) {
        yield* storage.put(`cache/${name}.mp3`, new TextEncoder().encode(`${name}-45678`))
      }
      const c1 = yield* storage.localPath("cache/c1.mp3")
      yield* Effect.sleep("20 millis")
      yield* storage.localPath("cache/c2.mp3")
      yield* Effect.sleep("20 millis")
      yield* storage.localPath("cache/c1.mp3") // used again: c2 is now the least recently used
      yield* Effect.sleep("20 millis")
      yield* storage.localPath("cache/c3.mp3")
      const cached = yield* Effect.promise(() => readdir(join(directory, "s3-cache", "cache")))
      expect(cached.sort()).toEqual(["c1.mp3", "c3.mp3"])
      expect((yield* Effect.promise(() => stat(c1))).size).toBe(8)
      // A dropped copy is fetched again when asked for.
      const c2 = yield* storage.localPath("cache/c2.mp3")
      expect((yield* Effect.promise(() => stat(c2))).size).toBe(8)
    }).pipe(Effect.provide(layer)),
  )

  it.live(
    "hands out short-lived presigned addresses that the bucket serves, and refuses once forged or expired",
    () =>
      Effect.gen(function* () {
        const storage = yield* FileStorage
        yield* storage.put("songs/direct.mp3", new TextEncoder().encode("direct bytes"))
        const url = (yield* storage.directUrl("songs/direct.mp3", "Paper Boats.mp3"))!
        expect(url.startsWith(`${s3.url}/big-bucket/songs/direct.mp3?`)).toBe(true)
        expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("300")
        const fetched = yield* Effect.promise(() => fetch(url))
        expect(fetched.status).toBe(200)
        expect(fetched.headers.get("content-type")).toBe("audio/mpeg")
        expect(fetched.headers.get("content-disposition")).toContain('filename="Paper Boats.mp3"')
        expect(yield* Effect.promise(() => fetched.text())).toBe("direct bytes")
        const ranged = yield* Effect.promise(() => fetch(url, { headers: { range: "bytes=0-5" } }))
        expect(ranged.status).toBe(206)

        const forged = new URL(url)
        forged.searchParams.delete("X-Amz-Signature")
        expect((yield* Effect.promise(() => fetch(forged))).status).toBe(403)
        const expired = new URL(url)
        expired.searchParams.set("X-Amz-Date", "20200101T000000Z")
        expect((yield* Effect.promise(() => fetch(expired))).status).toBe(403)
      }).pipe(Effect.provide(layer)),
  )
})
