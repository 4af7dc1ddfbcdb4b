import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { text } from "node:stream/consumers"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, Layer } from "effect"
import { startFakeS3 } from "#stand-ins/fake-services/s3.ts"
import { probeAudio, sineMp3 } from "#toolkit/test-audio.ts"
import { FileStorage } from "./storage.ts"
import { StorageConfigLive } from "./storage-config.ts"
import { FileStorageLive } from "./storage-live.ts"
import { WavConverter, wavKeyOf } from "./wav-converter.ts"

const s3 = await startFakeS3({ bucket: "songs-bucket", accessKeyId: "test-access-key" })
afterAll(() => s3.close())

const storageWith = async (settings: Record<string, string>) => {
  const directory = await mkdtemp(join(tmpdir(), "melody-media-"))
  return WavConverter.live.pipe(
    Layer.provideMerge(FileStorageLive),
    Layer.provide(StorageConfigLive),
    Layer.provide(
      Layer.setConfigProvider(
        ConfigProvider.fromMap(new Map(Object.entries({ MEDIA_DIR: directory, ...settings }))),
      ),
    ),
  )
}

const inBucket = {
  S3_BUCKET: "songs-bucket",
  S3_ENDPOINT: s3.url,
  S3_ACCESS_KEY_ID: "test-access-key",
  S3_SECRET_ACCESS_KEY: "test-secret",
  S3_PREFIX: "media/",
}
const storages = [
  ["on local disk", await storageWith({})],
  ["in an S3-compatible bucket", await storageWith(inBucket)],
] as const

const bytesOf = (readable: NodeJS.ReadableStream) =>
  Effect.promise(async () => {
    const chunks: Array<Buffer> = []
    for await (const chunk of readable) chunks.push(Buffer.from(chunk as Buffer))
    return new Uint8Array(Buffer.concat(chunks))
  })

describe.each(storages)("media storage %s", (_, layer) => {
  it.effect("stores, describes and reads back a file, whole or a range of it", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const file = yield* storage.put("songs/a1.mp3", new TextEncoder().encode("0123456789"))
      expect(file).toEqual({ size: 10, contentType: "audio/mpeg" })
      expect(yield* storage.stat("songs/a1.mp3")).toEqual(file)
      const whole = yield* storage.read("songs/a1.mp3")
      expect(yield* Effect.promise(() => text(whole))).toBe("0123456789")
      const part = yield* storage.read("songs/a1.mp3", { start: 2, end: 4 })
      expect(yield* Effect.promise(() => text(part))).toBe("234")
      expect(yield* storage.stat("songs/missing.mp3")).toBeUndefined()
    }).pipe(Effect.provide(layer)),
  )

  it.effect("refuses keys that could name anything outside its folder", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      for (const key of [
        "../etc/passwd.txt",
        "/abs.mp3",
        "a/../../b.mp3",
        "noextension",
        "sp ace.mp3",
      ]) {
        const outcome = yield* Effect.either(storage.stat(key))
        expect(Either.isLeft(outcome) && outcome.left._tag, key).toBe("InvalidKey")
      }
    }).pipe(Effect.provide(layer)),
  )

  it.effect("converts an MP3 to 16-bit PCM WAV once, and keeps the result", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const converter = yield* WavConverter
      yield* storage.put("songs/tone.mp3", yield* sineMp3(3))
      const key = yield* converter.toWav("songs/tone.mp3")
      expect(key).toBe(wavKeyOf("songs/tone.mp3"))
      const wav = yield* bytesOf(yield* storage.read(key))
      const probed = yield* probeAudio(wav)
      expect(probed).toMatchObject({ codec: "pcm_s16le", bitsPerSample: 16, channels: 2 })
      expect(probed.seconds).toBeGreaterThan(2.9)
      expect(probed.seconds).toBeLessThan(3.2)
      const converted = (yield* storage.stat(key))!
      // A second request reads the first conversion.
      yield* storage.put(key, new TextEncoder().encode("cached"))
      expect(yield* converter.toWav("songs/tone.mp3")).toBe(key)
      expect((yield* storage.stat(key))!.size).toBe(6)
      expect(converted.size).toBeGreaterThan(500_000)
    }).pipe(Effect.provide(layer)),
  )

  it.effect("a file that is not audio fails the conversion with a reason", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      yield* storage.put("songs/broken.mp3", new TextEncoder().encode("not audio at all"))
      const outcome = yield* Effect.either((yield* WavConverter).toWav("songs/broken.mp3"))
      expect(Either.isLeft(outcome) && outcome.left._tag).toBe("ConversionFailed")
      const missing = yield* Effect.either((yield* WavConverter).toWav("songs/none.mp3"))
      expect(Either.isLeft(missing) && missing.left._tag).toBe("ConversionFailed")
    }).pipe(Effect.provide(layer)),
  )
})

describe("media storage in an S3-compatible bucket", () => {
  it.effect("keeps files under the configured prefix, signed with the configured key", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      yield* storage.put("generations/g1/1.mp3", new TextEncoder().encode("abc"))
      expect(s3.objects.get("media/generations/g1/1.mp3")).toMatchObject({
        contentType: "audio/mpeg",
      })
      yield* storage.remove("generations/g1/1.mp3")
      expect(s3.objects.has("media/generations/g1/1.mp3")).toBe(false)
    }).pipe(Effect.provide(storages[1][1])),
  )

  it.effect("fails loudly, not silently, with credentials the store refuses", () =>
    Effect.gen(function* () {
      const layer = yield* Effect.promise(() =>
        storageWith({ ...inBucket, S3_ACCESS_KEY_ID: "someone-else" }),
      )
      const outcome = yield* Effect.exit(
        Effect.flatMap(FileStorage, (storage) => storage.stat("songs/a1.mp3")).pipe(
          Effect.provide(layer),
        ),
      )
      expect(outcome._tag === "Failure" && String(outcome.cause)).toContain(
        "The media bucket refused to describe songs/a1.mp3",
      )
      expect(String(outcome._tag === "Failure" && outcome.cause)).toContain("(HTTP 403)")
    }),
  )
})
