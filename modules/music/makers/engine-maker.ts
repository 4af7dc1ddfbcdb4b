import { createReadStream } from "node:fs"
import { Duration, Effect, Option } from "effect"
import type { GeneratedVersion } from "#events/contracts/media.ts"
import { scratchDirectory } from "#toolkit/render-folders.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { MusicConfig } from "../config.ts"
import { MusicEngine } from "../ports.ts"
import { engineSeedOf, makeEngineRequests } from "./engine-request.ts"
import { failedSentence } from "./failure-sentences.ts"
import { type MusicMaker, StepFailed, versionIdOf, versionKeys } from "./music-maker.ts"
import { makeRenderFactsStore } from "./render-facts-store.ts"

/** Like the music API, the engine makes two versions of every song. */
const versionsPerSong = 2

/**
 * The project's own engine as a music maker: one version per step, rendered in a child process and
 * stored; the first is a preview (FIRST_SUCCESS) while the second renders.
 */
export const makeEngineMaker = Effect.gen(function* () {
  const engine = yield* MusicEngine
  const storage = yield* FileStorage
  const config = yield* MusicConfig
  const requestOf = yield* makeEngineRequests
  const facts = yield* makeRenderFactsStore

  const render = (generation: Parameters<MusicMaker>[0], index: number) =>
    Effect.scoped(
      Effect.gen(function* () {
        const { generationId } = generation.request
        const song = yield* engine.render({
          ...(yield* requestOf(generation)),
          seed: engineSeedOf(generationId, index),
          outDir: yield* scratchDirectory,
          timeoutMs: Duration.toMillis(config.renderTimeout),
          soundfont: Option.getOrUndefined(config.soundfont),
        })
        const keys = versionKeys(generationId, index)
        // The facts first: a version whose audio is stored can always be the source of an operation.
        yield* facts.write(generationId, index, song.facts)
        if (song.midiPath)
          yield* storage.put(keys.midi, createReadStream(song.midiPath)).pipe(Effect.orDie)
        if (song.syncedLyricsPath)
          yield* storage
            .put(keys.syncedLyrics, createReadStream(song.syncedLyricsPath))
            .pipe(Effect.orDie)
        yield* storage
          .put(keys.coverWebp, createReadStream(song.coverPaths.webp))
          .pipe(Effect.orDie)
        yield* storage.put(keys.cover, createReadStream(song.coverPaths.jpeg)).pipe(Effect.orDie)
        yield* storage.put(keys.audio, createReadStream(song.mp3Path)).pipe(Effect.orDie)
        return {
          versionId: versionIdOf(generationId, index),
          index,
          audioKey: keys.audio,
          imageKey: keys.cover,
          sourceImageUrl: null,
          durationMs: Math.round(song.durationMs),
          ...(song.midiPath ? { midiKey: keys.midi } : {}),
          ...(song.syncedLyricsPath ? { syncedLyricsKey: keys.syncedLyrics } : {}),
        } satisfies GeneratedVersion
      }),
    ).pipe(
      Effect.mapError((error) =>
        error._tag === "StepFailed"
          ? error
          : new StepFailed({
              status: "GENERATE_AUDIO_FAILED",
              reason: failedSentence(generation.request.operation),
              detail: `The music engine failed: ${error.reason}`,
              // A render that failed or ran out of time would do the same again: the credits go back now.
              retryable: false,
            }),
      ),
      Effect.withSpan("MusicEngine.render", {
        attributes: { generationId: generation.request.generationId, version: index },
      }),
    )

  const maker: MusicMaker = (generation, record) =>
    Effect.gen(function* () {
      const { generationId } = generation.request
      if (generation.makerTaskId === null) {
        yield* record({ _tag: "RecordSubmission", makerTaskId: `engine-${generationId}` })
        yield* record({ _tag: "RecordProgress", status: "TEXT_SUCCESS", versions: [] })
      }
      const index = generation.versions.length + 1
      const version = yield* render(generation, index)
      if (index < versionsPerSong) {
        yield* record({ _tag: "RecordProgress", status: "FIRST_SUCCESS", versions: [version] })
        return "now"
      }
      yield* record({ _tag: "RecordSuccess", versions: [...generation.versions, version] })
      return "done"
    })
  return maker
})
