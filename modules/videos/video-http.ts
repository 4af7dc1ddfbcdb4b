import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { VideoApi } from "./api.ts"
import { Videos } from "./videos.ts"

const Api = moduleApi(VideoApi)

/** Whether the caller waits for the MP4 itself, as the spec's call does, rather than following the export. */
const wantsFile = (accept: string | undefined) => /\bvideo\/mp4\b/i.test(accept ?? "")

export const VideoHttpLive = HttpApiBuilder.group(Api, "videos", (handlers) =>
  Effect.gen(function* () {
    const videos = yield* Videos
    const work = yield* HeavyWork
    return handlers
      .handle("exportVideo", ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          yield* work.admit("video", user)
          const request = yield* HttpServerRequest.HttpServerRequest
          const jobId = yield* videos.request(user, payload)
          const started = yield* videos.status(user, jobId).pipe(Effect.orDie)
          return wantsFile(request.headers.accept)
            ? yield* videos.awaitFile(user, jobId, started.duration)
            : started
        }),
      )
      .handle("videoExport", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => videos.status(user, path.id)),
      )
      .handle("videoFile", ({ path, urlParams }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* videos.file(
            user,
            path.id,
            urlParams.download !== undefined,
            request.headers.range,
          )
        }),
      )
  }),
)
