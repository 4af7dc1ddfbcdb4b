import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { text } from "node:stream/consumers"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, Layer } from "effect"
import { probeAudio, sineMp3 } from "#events/test-audio.ts"
import { MediaConfigLive } from "./config.ts"
import { LocalStorageLive, MediaStorage } from "./storage.ts"
import { WavConverter, wavKeyOf } from "./wav-converter.ts"

const directory = await mkdtemp(join(tmpdir(), "melody-media-"))
const layer = WavConverter.live.pipe(
  Layer.provideMerge(LocalStorageLive),
  Layer.provide(MediaConfigLive),
  Layer.provide(
    Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["MEDIA_DIR", directory]]))),
  ),
)

const bytesOf = (readable: NodeJS.ReadableStream) =>
  Effect.promise(async () => {
    const chunks: Array<Buffer> = []
    for await (const chunk of readable) chunks.push(Buffer.from(chunk as Buffer))
    return new Uint8Array(Buffer.concat(chunks))
  })

describe("media storage on local disk", () => {
  it.effect("stores, describes and reads back a file, whole or a range of it", () =>
    Effect.gen(function* () {
      const storage = yield* MediaStorage
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
      const storage = yield* MediaStorage
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
      const storage = yield* MediaStorage
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
      const storage = yield* MediaStorage
      yield* storage.put("songs/broken.mp3", new TextEncoder().encode("not audio at all"))
      const outcome = yield* Effect.either((yield* WavConverter).toWav("songs/broken.mp3"))
      expect(Either.isLeft(outcome) && outcome.left._tag).toBe("ConversionFailed")
      const missing = yield* Effect.either((yield* WavConverter).toWav("songs/none.mp3"))
      expect(Either.isLeft(missing) && missing.left._tag).toBe("ConversionFailed")
    }).pipe(Effect.provide(layer)),
  )
})
