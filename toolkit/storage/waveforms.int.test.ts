import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { startFakeS3 } from "#stand-ins/fake-services/s3.ts"
import { lavfiMp3 } from "#toolkit/test-audio.ts"
import { FileStorage } from "./storage.ts"
import { StorageConfigLive } from "./storage-config.ts"
import { FileStorageLive } from "./storage-live.ts"
import { waveformSlices } from "./waveform-peaks.ts"
import { Waveforms, waveformKeyOf } from "./waveforms.ts"

const s3 = await startFakeS3({ bucket: "waves-bucket", accessKeyId: "test-access-key" })
afterAll(() => s3.close())

const storageWith = async (settings: Record<string, string>) => {
  const directory = await mkdtemp(join(tmpdir(), "melody-waves-"))
  return Waveforms.live.pipe(
    Layer.provideMerge(FileStorageLive),
    Layer.provide(StorageConfigLive),
    Layer.provide(
      Layer.setConfigProvider(
        ConfigProvider.fromMap(new Map(Object.entries({ MEDIA_DIR: directory, ...settings }))),
      ),
    ),
  )
}

const storages = [
  ["on local disk", await storageWith({})],
  [
    "in an S3-compatible bucket",
    await storageWith({
      S3_BUCKET: "waves-bucket",
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: "test-access-key",
      S3_SECRET_ACCESS_KEY: "test-secret",
    }),
  ],
] as const

/** Two seconds at full height, then two at a quarter of it. */
const loudThenQuiet = lavfiMp3("aevalsrc='if(lt(t,2),0.9,0.225)*sin(2*PI*440*t)':s=44100:d=4")

describe.each(storages)("a song's waveform %s", (_, layer) => {
  it.effect("is drawn from the song's sound, then kept and read without decoding it again", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const waveforms = yield* Waveforms
      yield* storage.put("songs/wave.mp3", yield* loudThenQuiet)
      expect(yield* waveforms.kept("songs/wave.mp3")).toBeUndefined()

      const peaks = yield* waveforms.of("songs/wave.mp3")
      expect(peaks).toHaveLength(waveformSlices)
      const loud = peaks.slice(10, waveformSlices / 2 - 10)
      const quiet = peaks.slice(waveformSlices / 2 + 10, -10)
      for (const peak of loud) expect(peak).toBeGreaterThanOrEqual(95)
      for (const peak of quiet) expect(peak).toBeGreaterThan(18)
      for (const peak of quiet) expect(peak).toBeLessThan(32)
      expect(yield* storage.stat(waveformKeyOf("songs/wave.mp3"))).toBeDefined()

      // Kept: with the song gone, the waveform is still read back as it was drawn.
      yield* storage.remove("songs/wave.mp3")
      expect(yield* waveforms.kept("songs/wave.mp3")).toEqual(peaks)
      expect(yield* waveforms.of("songs/wave.mp3")).toEqual(peaks)
    }).pipe(Effect.provide(layer)),
  )

  it.effect("fails clearly for a file that is not there or is not audio", () =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const waveforms = yield* Waveforms
      const missing = yield* Effect.flip(waveforms.of("songs/missing.mp3"))
      expect(missing._tag).toBe("ConversionFailed")
      yield* storage.put("songs/noise.mp3", new TextEncoder().encode("not audio at all"))
      const garbled = yield* Effect.flip(waveforms.of("songs/noise.mp3"))
      expect(garbled._tag).toBe("ConversionFailed")
      expect(yield* storage.stat(waveformKeyOf("songs/noise.mp3"))).toBeUndefined()
    }).pipe(Effect.provide(layer)),
  )
})
