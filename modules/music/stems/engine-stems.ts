import { Duration, Effect, Option } from "effect"
import { scratchDirectory } from "#toolkit/render-folders.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { MusicConfig } from "../config.ts"
import { versionKeys } from "../makers/music-maker.ts"
import { MusicEngine, stemNames } from "../ports.ts"
import { makeStemsRequests } from "./stems-requests.ts"
import { stemsZip } from "./stems-zip.ts"

/** A version the engine made, to play again part by part. */
export interface EnginePlayed {
  readonly versionId: string
  readonly generationId: string
  readonly index: number
  readonly title: string
}

/** The engine's stems of a version: played again part by part, zipped into storage; answers the zip. */
export const makeEngineStems = Effect.gen(function* () {
  const engine = yield* MusicEngine
  const storage = yield* FileStorage
  const config = yield* MusicConfig
  const requestFor = yield* makeStemsRequests

  return ({ versionId, generationId, index, title }: EnginePlayed) =>
    Effect.scoped(
      Effect.gen(function* () {
        const rendered = yield* engine.stems({
          ...(yield* requestFor(versionId)),
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
        const stored = yield* storage.put(key, stemsZip(title, files)).pipe(Effect.orDie)
        return { key, sizeBytes: stored.size }
      }),
    )
})
