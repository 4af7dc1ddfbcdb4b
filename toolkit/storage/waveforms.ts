import { text } from "node:stream/consumers"
import { Context, Duration, Effect, Layer, Schema } from "effect"
import ffmpeg from "fluent-ffmpeg"
import { singleFlight } from "#toolkit/single-flight.ts"
import { tetheredFfmpeg } from "#toolkit/tethered-ffmpeg.ts"
import { FileStorage } from "./storage.ts"
import { ConversionFailed } from "./wav-converter.ts"
import { peaksOf } from "./waveform-peaks.ts"

/** Where an audio file's waveform is kept: beside its other derived files, under its own prefix. */
export const waveformKeyOf = (key: string) => `waveform/${key.replace(/\.[a-z0-9]+$/, "")}.json`

const Peaks = Schema.parseJson(Schema.Array(Schema.Int))
const decodePeaks = Schema.decodeUnknown(Peaks)
const encodePeaks = Schema.encodeSync(Peaks)

/** Mono at 8 kHz: far more samples than slices, decoded in a fraction of a song's length. */
const sampleRate = 8000
const decodeTimeout = Duration.minutes(1)

/**
 * The waveform of a stored audio file, drawn once by the server and kept: players draw it without
 * decoding the song themselves, and a second listener reads the first one's.
 */
export class Waveforms extends Context.Tag("@melody/storage/Waveforms")<
  Waveforms,
  {
    readonly of: (key: string) => Effect.Effect<ReadonlyArray<number>, ConversionFailed>
    /** The waveform of `key` if it is kept already: reading it decodes nothing. */
    readonly kept: (key: string) => Effect.Effect<ReadonlyArray<number> | undefined>
  }
>() {
  static readonly live = Layer.effect(
    Waveforms,
    Effect.suspend(() => makeWaveforms),
  )
}

/** The Waveforms of this process: it starts ffmpeg itself. */
export const makeWaveforms = Effect.gen(function* () {
  const storage = yield* FileStorage

  const decode = (input: string) =>
    Effect.async<Buffer, ConversionFailed>((resume) => {
      const chunks: Buffer[] = []
      const command = ffmpeg(input)
        .setFfmpegPath(tetheredFfmpeg)
        .noVideo()
        .audioChannels(1)
        .audioFrequency(sampleRate)
        .format("s16le")
        .on("error", (error: Error) =>
          resume(Effect.fail(new ConversionFailed({ reason: error.message }))),
        )
        .on("end", () => resume(Effect.succeed(Buffer.concat(chunks))))
      command.pipe().on("data", (chunk: Buffer) => chunks.push(chunk))
      return Effect.sync(() => command.kill("SIGKILL"))
    }).pipe(
      Effect.timeoutFail({
        duration: decodeTimeout,
        onTimeout: () => new ConversionFailed({ reason: "ffmpeg took too long" }),
      }),
    )

  const kept = (key: string) =>
    Effect.gen(function* () {
      const target = waveformKeyOf(key)
      if (!(yield* storage.stat(target))) return undefined
      const stored = yield* storage.read(target)
      return yield* decodePeaks(yield* Effect.promise(() => text(stored)))
    }).pipe(Effect.orElseSucceed(() => undefined))

  const draw = (key: string) =>
    Effect.gen(function* () {
      const found = yield* kept(key)
      if (found) return found
      const input = yield* storage.localPath(key)
      const peaks = peaksOf(yield* decode(input))
      yield* storage.put(waveformKeyOf(key), Buffer.from(encodePeaks(peaks)))
      return peaks
    }).pipe(
      Effect.catchTag("InvalidKey", (error) =>
        Effect.fail(new ConversionFailed({ reason: `no file ${error.key}` })),
      ),
    )

  const flights = singleFlight<ReadonlyArray<number>, ConversionFailed, never>()
  return Waveforms.of({
    of: (key) =>
      flights(waveformKeyOf(key), draw(key)).pipe(
        Effect.withSpan("Waveforms.of", { attributes: { key } }),
      ),
    kept,
  })
})
