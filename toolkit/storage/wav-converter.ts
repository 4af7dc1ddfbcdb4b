import { createReadStream } from "node:fs"
import { rm } from "node:fs/promises"
import { Context, Data, Duration, Effect, Layer } from "effect"
import ffmpeg from "fluent-ffmpeg"
import { v7 as uuidv7 } from "uuid"
import { renderFolderPrefix } from "#toolkit/render-folders.ts"
import { singleFlight } from "#toolkit/single-flight.ts"
import { tetheredFfmpeg } from "#toolkit/tethered-ffmpeg.ts"
import { FileStorage } from "./storage.ts"

export class ConversionFailed extends Data.TaggedError("ConversionFailed")<{
  readonly reason: string
}> {}

/** The converted file of `key`: its own key, so a second download reads the first conversion. */
export const wavKeyOf = (key: string) => `wav/${key.replace(/\.[a-z0-9]+$/, "")}.wav`

const conversionTimeout = Duration.minutes(2)

/**
 * MP3 to WAV (16-bit PCM) by ffmpeg, once per file: the result is kept in storage beside the original.
 * Every browser gets the same file, whether or not it could decode audio itself.
 */
export class WavConverter extends Context.Tag("@melody/storage/WavConverter")<
  WavConverter,
  {
    readonly toWav: (key: string) => Effect.Effect<string, ConversionFailed>
    /** The converted file of `key` if it is kept already: reading it converts nothing. */
    readonly kept: (key: string) => Effect.Effect<string | undefined>
    /** How many times this process has started ffmpeg to convert a file. */
    readonly conversions: Effect.Effect<number>
  }
>() {
  static readonly live = Layer.effect(
    WavConverter,
    Effect.suspend(() => makeWavConverter),
  )
}

/** The WavConverter of this process: it starts ffmpeg itself. */
export const makeWavConverter = Effect.gen(function* () {
  const storage = yield* FileStorage
  let conversions = 0

  const convert = (input: string, output: string) =>
    Effect.async<void, ConversionFailed>((resume) => {
      conversions += 1
      const command = ffmpeg(input)
        .setFfmpegPath(tetheredFfmpeg)
        .noVideo()
        .audioCodec("pcm_s16le")
        .format("wav")
        .on("end", () => resume(Effect.void))
        .on("error", (error: Error) =>
          resume(Effect.fail(new ConversionFailed({ reason: error.message }))),
        )
      command.save(output)
      return Effect.sync(() => command.kill("SIGKILL"))
    }).pipe(
      Effect.timeoutFail({
        duration: conversionTimeout,
        onTimeout: () => new ConversionFailed({ reason: "ffmpeg took too long" }),
      }),
    )

  const flights = singleFlight<string, ConversionFailed, never>()

  const kept = (key: string) =>
    Effect.map(storage.stat(wavKeyOf(key)).pipe(Effect.orElseSucceed(() => undefined)), (file) =>
      file ? wavKeyOf(key) : undefined,
    )

  const convertOnce = (key: string) =>
    Effect.gen(function* () {
      const target = wavKeyOf(key)
      if (yield* storage.stat(target)) return target
      const input = yield* storage.localPath(key)
      const output = `${renderFolderPrefix()}${uuidv7()}.wav`
      yield* Effect.acquireUseRelease(
        Effect.succeed(output),
        () =>
          Effect.zipRight(
            convert(input, output),
            Effect.suspend(() => storage.put(target, createReadStream(output))),
          ),
        () => Effect.promise(() => rm(output, { force: true })),
      )
      return target
    }).pipe(
      Effect.catchTag("InvalidKey", (error) =>
        Effect.fail(new ConversionFailed({ reason: `no file ${error.key}` })),
      ),
    )

  // Requests for a file under conversion wait for that conversion rather than start ffmpeg again.
  const toWav = (key: string) =>
    flights(wavKeyOf(key), convertOnce(key)).pipe(
      Effect.withSpan("WavConverter.toWav", { attributes: { key } }),
    )

  return WavConverter.of({ toWav, kept, conversions: Effect.sync(() => conversions) })
})
