import type { Readable } from "node:stream"
import type { SqlClient } from "@effect/sql"
import { Context, Duration, Effect, Layer, Option, Schema } from "effect"
import { ZipFile } from "yazl"
import { Actors } from "#events/contracts/actor.ts"
import { runCommand } from "#events/handle-command.ts"
import type { EventStore } from "#events/store/index.ts"
import { fileName } from "#toolkit/file-response.ts"
import type { JobKind } from "#toolkit/jobs.ts"
import { MediaConfig } from "../config.ts"
import { MediaStorage } from "../files/storage.ts"
import { engineSeedOf, makeEngineRequests } from "../generation/engine-request.ts"
import { versionKeys } from "../generation/music-maker.ts"
import { MusicEngine, type RenderedStems, stemNames } from "../ports.ts"
import { scratchDirectory } from "../render-folders.ts"
import type { stems } from "./stems-decider.ts"
import { playedWhole, stemsOf, stemsState } from "./stems-source.ts"

export const MakeStemsPayload = Schema.Struct({ versionId: Schema.String })

const actor = Actors.system("stems")
const failed = "The stems could not be made. Please try again."

/** "Lantern - Vocals.wav": a DAW names each track after its file. */
const entryName = (title: string, stem: string) =>
  fileName(`${title} - ${stem.charAt(0).toUpperCase()}${stem.slice(1)}`, "wav")

/** The stems in one zip, written to storage as it is made: WAVs hardly compress, so they are stored. */
const zipOf = (title: string, stems: RenderedStems) => {
  const zip = new ZipFile()
  for (const stem of stemNames)
    zip.addFile(stems.paths[stem], entryName(title, stem), { compress: false })
  zip.end()
  // A PassThrough, as yazl documents it; its types say only a stream.
  return zip.outputStream as Readable
}

const make = Effect.gen(function* () {
  const engine = yield* MusicEngine
  const storage = yield* MediaStorage
  const config = yield* MediaConfig
  const requestOf = yield* makeEngineRequests
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  const record = (versionId: string, command: Parameters<typeof stems.decide>[0]) =>
    runCommand({ ...stemsOf(versionId), command, actor }).pipe(Effect.asVoid)

  /** Plays the version again part by part and keeps the zip; a failure is recorded, to be asked again. */
  const makeFor = Effect.fn("Stems.make")(function* (versionId: string) {
    if ((yield* stemsState(versionId))._tag !== "Making") return
    const made = yield* Effect.scoped(
      Effect.gen(function* () {
        const { generationId, index, request } = yield* playedWhole(versionId)
        const rendered = yield* engine.stems({
          ...(yield* requestOf({ request })),
          seed: engineSeedOf(generationId, index),
          outDir: yield* scratchDirectory,
          timeoutMs: Duration.toMillis(config.renderTimeout),
          soundfont: Option.getOrUndefined(config.soundfont),
        })
        const key = versionKeys(generationId, index).stems
        const stored = yield* storage.put(key, zipOf(request.title, rendered)).pipe(Effect.orDie)
        return { key, sizeBytes: stored.size }
      }),
    ).pipe(
      Effect.tapError((error) =>
        Effect.logError("Stems failed", "reason" in error ? error.reason : error.message),
      ),
      Effect.either,
    )
    yield* record(
      versionId,
      made._tag === "Right"
        ? { _tag: "RecordStems", ...made.right }
        : { _tag: "RecordFailure", reason: failed },
    )
  })

  return { make: (versionId: string) => makeFor(versionId).pipe(Effect.provide(context)) }
})

/** Makes the stems a person asked for (stems.ts), in the background. */
export class StemsMaker extends Context.Tag("@melody/media/StemsMaker")<
  StemsMaker,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(StemsMaker, make)
}

export const makeStems: JobKind<typeof MakeStemsPayload.Type, StemsMaker> = {
  name: "media:make-stems",
  payload: MakeStemsPayload,
  maxAttempts: 3,
  run: ({ versionId }) => Effect.flatMap(StemsMaker, (maker) => maker.make(versionId)),
}
