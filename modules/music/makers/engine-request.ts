import { createHash } from "node:crypto"
import { Effect } from "effect"
import { FileStorage } from "#toolkit/storage/index.ts"
import type { GenerationRequest } from "../generation/generation-state.ts"
import type { Reshaping as EngineReshaping, SongRequest } from "../ports.ts"
import { generationOfVersion, StepFailed, versionKeys } from "./music-maker.ts"
import { makeRenderFactsStore } from "./render-facts-store.ts"

/** Each version its own seed, the same on every try: a resumed render gives the same song. */
export const engineSeedOf = (generationId: string, index: number) =>
  createHash("sha256").update(`${generationId}/${index}`).digest().readUInt32BE(0)

const sourceLost = new StepFailed({
  status: "GENERATE_AUDIO_FAILED",
  reason: "The song this was made from can no longer be read.",
  retryable: false,
})

/**
 * What the engine is asked to render for a generation: its words and style, and for an operation, the
 * source version's facts and audio with what to do to them.
 */
export const makeEngineRequests = Effect.gen(function* () {
  const storage = yield* FileStorage
  const facts = yield* makeRenderFactsStore
  /** A kept file's local path, for the engine to read; null where it was never written. */
  const localIfKept = (key: string) =>
    Effect.flatMap(storage.stat(key), (stored) =>
      stored ? storage.localPath(key) : Effect.succeed(null),
    ).pipe(Effect.orDie)

  return (generation: { readonly request: GenerationRequest }) =>
    Effect.gen(function* () {
      const { title, lyrics, style, instrumental, reshaping, voice } = generation.request
      const words = { title, lyrics, style, instrumental, voice: voice?.singer }
      if (reshaping === null) return words
      const source = yield* facts.read(reshaping.versionId)
      const ids = generationOfVersion(reshaping.versionId)
      const audioKey = ids && versionKeys(ids.generationId, ids.index).audio
      const stored = audioKey && (yield* storage.stat(audioKey).pipe(Effect.orDie))
      if (source === undefined || !audioKey || !stored) return yield* sourceLost
      const sourceAudio = yield* storage.localPath(audioKey).pipe(Effect.orDie)
      const kept = versionKeys(ids.generationId, ids.index)
      const sourceLyrics = yield* localIfKept(kept.syncedLyrics)
      const sourceMidi = yield* localIfKept(kept.midi)
      const reshape: EngineReshaping =
        reshaping._tag === "extend"
          ? { kind: "extend", sourceAudio, sourceLyrics, sourceMidi, source, atMs: reshaping.atMs }
          : reshaping._tag === "replace-section"
            ? {
                kind: "replace-section",
                sourceAudio,
                sourceLyrics,
                sourceMidi,
                source,
                startMs: reshaping.startMs,
                endMs: reshaping.endMs,
              }
            : { kind: "restyle", source }
      const sung =
        reshaping._tag === "extend"
          ? reshaping.continuation
          : reshaping._tag === "replace-section"
            ? reshaping.lines
            : lyrics
      return { ...words, lyrics: sung, reshape } satisfies Omit<SongRequest, "seed" | "outDir">
    })
})
