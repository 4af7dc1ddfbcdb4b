import { join } from "node:path"
import { Effect, Option, Redacted } from "effect"
import { AppUrl } from "#toolkit/app-url.ts"
import { scratchDirectory } from "#toolkit/render-folders.ts"
import { downloadTo, FileStorage } from "#toolkit/storage/index.ts"
import { MusicConfig } from "../config.ts"
import { MusicApi } from "../makers/music-api.ts"
import { callbackPath } from "../makers/music-api-maker.ts"
import { separationFailed } from "../makers/music-api-separation.ts"
import { versionKeys } from "../makers/music-maker.ts"
import { stemsZip } from "./stems-zip.ts"

/** One of the music API's tracks: its task and its id there, to take apart. */
export interface MusicApiTrackOf {
  readonly generationId: string
  readonly index: number
  readonly title: string
  readonly taskId: string
  readonly audioId: string
}

/** Where a separation stands after one look at it. */
export type SeparationStep =
  | { readonly _tag: "Submitted"; readonly taskId: string }
  | { readonly _tag: "Waiting" }
  | { readonly _tag: "Made"; readonly key: string; readonly sizeBytes: number }
  | { readonly _tag: "Failed"; readonly detail: string }

/** What a person reads of a failed separation; the service's own words go to admins. */
export const separationFailure = "The music service could not take this song apart."

/**
 * The music API's stems of a track, one step at a time: submit once, then look at the task; once it
 * succeeds every stem is downloaded at once (its links expire) and zipped into our storage.
 */
export const makeMusicApiStems = Effect.gen(function* () {
  const api = yield* MusicApi
  const storage = yield* FileStorage
  const appUrl = yield* AppUrl
  const secret = Option.map((yield* MusicConfig).musicApi, (s) => Redacted.value(s.callbackSecret))

  const keep = (track: MusicApiTrackOf, stems: ReadonlyArray<{ name: string; url: string }>) =>
    Effect.scoped(
      Effect.gen(function* () {
        const directory = yield* scratchDirectory
        const files = yield* Effect.forEach(stems, ({ name, url }, i) => {
          const path = join(directory, `${i}.mp3`)
          return Effect.as(downloadTo(url, path), { name, path, extension: "mp3" as const })
        })
        const key = versionKeys(track.generationId, track.index).stems
        const stored = yield* storage.put(key, stemsZip(track.title, files)).pipe(Effect.orDie)
        return { _tag: "Made", key, sizeBytes: stored.size } as const
      }),
    )

  return (track: MusicApiTrackOf, separationTaskId: string | null) => {
    if (separationTaskId === null) {
      // Its callbacks reach the song's own address, which ignores them: the look every poll takes is the truth.
      const key = Option.getOrElse(secret, () => "none")
      return api
        .separate({
          taskId: track.taskId,
          audioId: track.audioId,
          callbackUrl: `${appUrl}${callbackPath(key, track.generationId)}`,
        })
        .pipe(Effect.map((taskId): SeparationStep => ({ _tag: "Submitted", taskId })))
    }
    return api.separation(separationTaskId).pipe(
      Effect.flatMap(
        (separation): Effect.Effect<SeparationStep, never> | ReturnType<typeof keep> => {
          if (separationFailed(separation.status))
            return Effect.succeed({
              _tag: "Failed",
              detail: `The separation ended with ${separation.status}: ${separation.errorMessage ?? "no message"}`,
            })
          if (separation.status !== "SUCCESS") return Effect.succeed({ _tag: "Waiting" })
          if (separation.stems.length === 0)
            return Effect.succeed({ _tag: "Failed", detail: "The separation sent no stems" })
          return keep(track, separation.stems)
        },
      ),
    )
  }
})
