import type { Readable } from "node:stream"
import { Context, Effect, Layer } from "effect"
import type { ByteRange } from "#toolkit/file-response.ts"
import {
  type ConversionFailed,
  CoverSizer,
  FileStorage,
  WavConverter,
  Waveforms,
} from "#toolkit/storage/index.ts"
import type { CoverWidth } from "./api-covers.ts"

/**
 * The files behind songs as the catalog serves them: a key the storage refuses is a defect (the catalog
 * wrote it), and a cover that cannot be sized is served whole.
 */
export class SongFiles extends Context.Tag("@melody/catalog/SongFiles")<
  SongFiles,
  {
    readonly stat: (
      key: string,
    ) => Effect.Effect<{ readonly size: number; readonly contentType: string } | undefined>
    readonly read: (key: string, range?: ByteRange) => Effect.Effect<Readable>
    /** Where the browser can fetch the file itself, if the store has such an address. */
    readonly directUrl: (key: string, downloadName?: string) => Effect.Effect<string | undefined>
    /** The 16-bit PCM WAV of an audio file, converted once and kept. */
    readonly wav: (key: string) => Effect.Effect<string, ConversionFailed>
    /** The WAV of an audio file if it is kept already: serving it converts nothing. */
    readonly keptWav: (key: string) => Effect.Effect<string | undefined>
    /** The waveform of an audio file (0-100 per slice), drawn once and kept. */
    readonly waveform: (key: string) => Effect.Effect<ReadonlyArray<number>, ConversionFailed>
    /** The waveform of an audio file if it is kept already: serving it decodes nothing. */
    readonly keptWaveform: (key: string) => Effect.Effect<ReadonlyArray<number> | undefined>
    /** A cover's copy at a smaller width (WebP), made once and kept; undefined when it cannot be made. */
    readonly sizedCover: (key: string, width: CoverWidth) => Effect.Effect<string | undefined>
    /** A cover's copy at a smaller width if it is kept already: serving it makes nothing. */
    readonly keptSizedCover: (key: string, width: CoverWidth) => Effect.Effect<string | undefined>
  }
>() {
  static readonly live = Layer.effect(
    SongFiles,
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const converter = yield* WavConverter
      const sizer = yield* CoverSizer
      const waveforms = yield* Waveforms
      return SongFiles.of({
        stat: (key) => storage.stat(key).pipe(Effect.orElseSucceed(() => undefined)),
        read: (key, range) => storage.read(key, range).pipe(Effect.orDie),
        directUrl: (key, downloadName) => storage.directUrl(key, downloadName).pipe(Effect.orDie),
        wav: converter.toWav,
        keptWav: converter.kept,
        waveform: waveforms.of,
        keptWaveform: waveforms.kept,
        keptSizedCover: sizer.kept,
        sizedCover: (key, width) =>
          sizer.sized(key, width).pipe(
            Effect.tapError((error) =>
              Effect.logWarning("A cover could not be sized", error.reason),
            ),
            Effect.orElseSucceed(() => undefined),
          ),
      })
    }),
  )
}
