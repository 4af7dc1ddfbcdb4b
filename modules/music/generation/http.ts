import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect, Option, Redacted } from "effect"
import { CurrentUser, type SignedInUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import { fileName, fileResponse } from "#toolkit/file-response.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { GenerationApi } from "../api.ts"
import { MusicConfig } from "../config.ts"
import { generationOfVersion, versionKeys } from "../makers/music-maker.ts"
import { validSourceToken } from "../makers/source-link.ts"
import { Generations } from "./generations.ts"
import { makePreviews } from "./previews.ts"

const Api = moduleApi(GenerationApi)
const notFound = new NotFound({ message: "This version does not exist." })

export const GenerationHttpLive = HttpApiBuilder.group(Api, "media", (handlers) =>
  Effect.gen(function* () {
    const generations = yield* Generations
    const storage = yield* FileStorage
    const config = yield* MusicConfig
    const preview = yield* makePreviews
    const work = yield* HeavyWork

    /** A version's file, for its owner, with ranges for the players. */
    const serve = (
      user: SignedInUser,
      versionId: string,
      pick: (version: { audioKey: string; imageKey: string | null }) => string | null,
      download: boolean,
    ) =>
      Effect.gen(function* () {
        const ids = generationOfVersion(versionId)
        if (!ids) return yield* notFound
        const { version, title } = yield* generations.versionFile(user, ids.generationId, ids.index)
        const key = pick(version)
        const file = key === null ? undefined : yield* storage.stat(key).pipe(Effect.orDie)
        if (key === null || file === undefined) return yield* notFound
        const request = yield* HttpServerRequest.HttpServerRequest
        const downloadName = download
          ? fileName(`${title} (Version ${ids.index})`, "mp3")
          : undefined
        return yield* fileResponse({
          ...file,
          rangeHeader: request.headers.range,
          open: (range) => storage.read(key, range).pipe(Effect.orDie),
          downloadName,
          directUrl: storage.directUrl(key, downloadName).pipe(Effect.orDie),
        })
      })

    return handlers
      .handle("generateSong", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.zipRight(work.admit("generation", user), generations.request(user, payload)),
        ),
      )
      .handle("songStatus", ({ urlParams }) =>
        Effect.flatMap(CurrentUser, (user) => generations.status(user, urlParams.taskId)),
      )
      .handle("versionAudio", ({ path, urlParams }) =>
        Effect.flatMap(CurrentUser, (user) =>
          serve(user, path.versionId, (v) => v.audioKey, urlParams.download !== undefined),
        ),
      )
      .handle("versionCover", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) =>
          serve(user, path.versionId, (v) => v.imageKey, false),
        ),
      )
      .handle("versionPreview", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => preview(user, path.generationId, Number(path.index))),
      )
      .handle("musicApiCallback", ({ path }) =>
        generations.callback(path.secret, path.generationId),
      )
      .handle("sourceAudio", ({ path }) =>
        Effect.gen(function* () {
          const versionId = path.file.replace(/\.mp3$/, "")
          const ids = generationOfVersion(versionId)
          const secret = Option.map(config.musicApi, (api) => Redacted.value(api.callbackSecret))
          if (
            !ids ||
            Option.isNone(secret) ||
            !validSourceToken(secret.value, versionId, path.token)
          )
            return yield* notFound
          const key = versionKeys(ids.generationId, ids.index).audio
          const file = yield* storage.stat(key).pipe(Effect.orDie)
          if (!file) return yield* notFound
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* fileResponse({
            ...file,
            rangeHeader: request.headers.range,
            open: (range) => storage.read(key, range).pipe(Effect.orDie),
            downloadName: undefined,
            directUrl: storage.directUrl(key).pipe(Effect.orDie),
          })
        }),
      )
  }),
)
