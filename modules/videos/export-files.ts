import { Duration, Effect, Option, Schedule } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { fileName, fileResponse } from "#toolkit/file-response.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { VideoRenderFailed, VideoTimedOut } from "./api.ts"
import { videoFormats, videoTimeoutMs } from "./api-video-formats.ts"
import { VideosConfig } from "./config.ts"
import { noExport } from "./export-view.ts"
import { makeExportRecords } from "./video-export-records.ts"
import { timedOutReason } from "./video-request.ts"

/** A finished export's MP4, and the spec's call that waits for it. */
export const makeExportFiles = Effect.gen(function* () {
  const storage = yield* FileStorage
  const config = yield* VideosConfig
  const { view } = yield* makeExportRecords

  const file = (user: SignedInUser, jobId: string, download: boolean, rangeHeader?: string) =>
    Effect.gen(function* () {
      const found = yield* view(user.userId, jobId)
      if (found?.state.status !== "completed") return yield* noExport
      const key = found.state.videoKey
      const stored = yield* storage.stat(key).pipe(Effect.orDie)
      if (stored === undefined) return yield* noExport
      const label = videoFormats[found.request.format].label
      const downloadName = download
        ? fileName(`${found.request.songTitle} (${label})`, "mp4")
        : undefined
      return yield* fileResponse({
        ...stored,
        rangeHeader,
        open: (range) => storage.read(key, range).pipe(Effect.orDie),
        downloadName,
        directUrl: storage.directUrl(key, downloadName).pipe(Effect.orDie),
      })
    })

  const awaitFile = (user: SignedInUser, jobId: string, durationSeconds: number) =>
    Effect.gen(function* () {
      const limit = Duration.sum(
        Option.getOrElse(config.timeout, () => Duration.millis(videoTimeoutMs(durationSeconds))),
        Duration.minutes(1),
      )
      const ended = yield* view(user.userId, jobId).pipe(
        Effect.filterOrFail(
          (found) => found?.state.status === "completed" || found?.state.status === "failed",
        ),
        Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo(limit))),
        Effect.orElseSucceed(() => undefined),
      )
      if (ended === undefined) return yield* new VideoTimedOut({ message: timedOutReason, jobId })
      if (ended.state.status === "failed") {
        const { reason } = ended.state
        return yield* ended.state.timedOut
          ? new VideoTimedOut({ message: reason, jobId })
          : new VideoRenderFailed({ message: reason, jobId })
      }
      return yield* file(user, jobId, true)
    })

  return { file, awaitFile }
})
