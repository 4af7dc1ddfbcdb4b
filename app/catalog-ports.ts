import { Effect, Layer } from "effect"
import { AudioConversionFailed, SongFiles } from "#modules/catalog/index.ts"
import { CoverSizer, MediaStorage, WavConverter } from "#modules/media/index.ts"

/** The files behind songs, from media's storage. */
export const SongFilesLive = Layer.effect(
  SongFiles,
  Effect.gen(function* () {
    const storage = yield* MediaStorage
    const converter = yield* WavConverter
    const sizer = yield* CoverSizer
    return SongFiles.of({
      stat: (key) => storage.stat(key).pipe(Effect.orElseSucceed(() => undefined)),
      read: (key, range) => storage.read(key, range).pipe(Effect.orDie),
      directUrl: (key, downloadName) => storage.directUrl(key, downloadName).pipe(Effect.orDie),
      wav: (key) =>
        converter
          .toWav(key)
          .pipe(Effect.mapError((error) => new AudioConversionFailed({ reason: error.reason }))),
      keptWav: (key) => converter.kept(key),
      keptSizedCover: (key, width) => sizer.kept(key, width),
      // A cover that cannot be sized is still served whole.
      sizedCover: (key, width) =>
        sizer.sized(key, width).pipe(
          Effect.tapError((error) => Effect.logWarning("A cover could not be sized", error.reason)),
          Effect.orElseSucceed(() => undefined),
        ),
    })
  }),
)
