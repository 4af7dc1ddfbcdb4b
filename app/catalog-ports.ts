import { Effect, Layer } from "effect"
import { AudioConversionFailed, SongFiles } from "#modules/catalog/index.ts"
import { MediaStorage, WavConverter } from "#modules/media/index.ts"

/** The files behind songs, from media's storage. */
export const SongFilesLive = Layer.effect(
  SongFiles,
  Effect.gen(function* () {
    const storage = yield* MediaStorage
    const converter = yield* WavConverter
    return SongFiles.of({
      stat: (key) => storage.stat(key).pipe(Effect.orElseSucceed(() => undefined)),
      read: (key, range) => storage.read(key, range).pipe(Effect.orDie),
      directUrl: (key, downloadName) => storage.directUrl(key, downloadName).pipe(Effect.orDie),
      wav: (key) =>
        converter
          .toWav(key)
          .pipe(Effect.mapError((error) => new AudioConversionFailed({ reason: error.reason }))),
    })
  }),
)
