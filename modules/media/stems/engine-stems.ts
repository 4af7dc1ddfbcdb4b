import { Duration, Effect, Option } from "effect"
import { MediaConfig } from "../config.ts"
import { MediaStorage } from "../files/storage.ts"
import { engineSeedOf, makeEngineRequests } from "../generation/engine-request.ts"
import type { GenerationRequest } from "../generation/generation.ts"
import { versionKeys } from "../generation/music-maker.ts"
import { MusicEngine, stemNames } from "../ports.ts"
import { scratchDirectory } from "../render-folders.ts"
import { stemsZip } from "./stems-zip.ts"

/** A version the engine played whole, to play again part by part. */
export interface EnginePlayed {
  readonly generationId: string
  readonly index: number
  readonly request: GenerationRequest
}

/** The engine's stems of a version: played again part by part, zipped into storage; answers the zip. */
export const makeEngineStems = Effect.gen(function* () {
  const engine = yield* MusicEngine
  const storage = yield* MediaStorage
  const config = yield* MediaConfig
  const requestOf = yield* makeEngineRequests

  return ({ generationId, index, request }: EnginePlayed) =>
    Effect.scoped(
      Effect.gen(function* () {
        const rendered = yield* engine.stems({
          ...(yield* requestOf({ request })),
          seed: engineSeedOf(generationId, index),
          outDir: yield* scratchDirectory,
          timeoutMs: Duration.toMillis(config.renderTimeout),
          soundfont: Option.getOrUndefined(config.soundfont),
        })
        const files = stemNames.map((stem) => ({
          name: `${stem.charAt(0).toUpperCase()}${stem.slice(1)}`,
          path: rendered.paths[stem],
          extension: "wav" as const,
        }))
        const key = versionKeys(generationId, index).stems
        const stored = yield* storage.put(key, stemsZip(request.title, files)).pipe(Effect.orDie)
        return { key, sizeBytes: stored.size }
      }),
    )
})
