import { createReadStream } from "node:fs"
import { readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { text } from "node:stream/consumers"
import { Cause, Duration, Effect, Option } from "effect"
import { v7 as uuidv7 } from "uuid"
import { decodeSyncedLyricsJson } from "#modules/catalog/api-synced-lyrics.ts"
import { renderFolderPrefix } from "#toolkit/render-folders.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { VideosConfig } from "./config.ts"
import { interruptedReason } from "./video-export-decider.ts"
import { makeExportRecords } from "./video-export-records.ts"
import { VideoRenderer } from "./video-renderer.ts"
import { RenderFailed } from "./video-request.ts"

const unexpectedFailure = "Something went wrong while rendering the video. Please try again."

/** Progress is recorded every this many percent (and at each new step), not for every frame. */
const progressStep = 5

/** Each render attempt writes its own file; one cut short by a crash leaves it behind for the next. */
const attemptPrefix = (jobId: string) => `melody-video-${jobId}-`
const removeEarlierAttempts = (jobId: string) =>
  Effect.promise(async () => {
    const left = (await readdir(tmpdir())).filter((name) => name.includes(attemptPrefix(jobId)))
    await Promise.all(left.map((name) => rm(join(tmpdir(), name), { force: true })))
  })

export const videoKeyOf = (jobId: string) => `videos/${jobId}.mp4`

/**
 * The render job's one step: render the running export, store the MP4 and record the end. A render
 * failure is recorded at once (ffmpeg will not do better next time); anything else is retried by the job,
 * and the last attempt records a failure rather than leave the export running.
 */
export const makeVideoRender = Effect.gen(function* () {
  const storage = yield* FileStorage
  const renderer = yield* VideoRenderer
  const config = yield* VideosConfig
  const records = yield* makeExportRecords

  /** The lines to show; a timing file that cannot be read is no reason to give up the video. */
  const linesOf = (key: string) =>
    storage.read(key).pipe(
      Effect.flatMap((stored) => Effect.promise(() => text(stored))),
      Effect.flatMap(decodeSyncedLyricsJson),
      Effect.map((synced) =>
        synced.lines.map(({ text: line, startMs, endMs }) => ({ text: line, startMs, endMs })),
      ),
      Effect.tapError((error) => Effect.logWarning("Video rendered without its lyrics", error)),
      Effect.orElseSucceed(() => null),
    )

  /** The render of one export. */
  const render = Effect.fn("Videos.render")(function* (
    userId: string,
    jobId: string,
    lastAttempt: boolean,
  ) {
    yield* Effect.annotateCurrentSpan("jobId", jobId)
    const before = yield* records.running(userId)
    if (before?.request.jobId !== jobId) return
    yield* records.record(userId, { _tag: "StartRender", jobId })
    const running = yield* records.running(userId)
    // Too many starts: the decider failed it instead.
    if (running?.request.jobId !== jobId) return
    const { request } = running
    yield* removeEarlierAttempts(jobId)
    const output = `${renderFolderPrefix()}${attemptPrefix(jobId)}${uuidv7()}.mp4`
    let reported = { progress: -progressStep, step: "" }
    const onProgress = (progress: number, step: string) =>
      Effect.suspend(() => {
        if (progress >= 100) return Effect.void
        if (progress - reported.progress < progressStep && step === reported.step) {
          return Effect.void
        }
        reported = { progress, step }
        return records.record(userId, { _tag: "RecordProgress", jobId, progress, step })
      })
    const made = Effect.gen(function* () {
      const audioPath = yield* storage.localPath(request.audioKey).pipe(Effect.orDie)
      const coverPath = request.coverKey
        ? yield* storage.localPath(request.coverKey).pipe(Effect.orDie)
        : null
      const lyrics = request.syncedLyricsKey ? yield* linesOf(request.syncedLyricsKey) : null
      const renderWith = (cover: string | null) =>
        renderer.render(
          {
            format: request.format,
            audioPath,
            coverPath: cover,
            title: request.songTitle,
            lyrics,
            durationSeconds: request.durationSeconds,
            backgroundsDir: config.backgrounds,
            outputPath: output,
            ...Option.match(config.timeout, {
              onNone: () => ({}),
              onSome: (timeout) => ({ timeoutMs: Duration.toMillis(timeout) }),
            }),
          },
          onProgress,
        )
      // A cover ffmpeg cannot read (a music API's broken image) is no reason to give up the video.
      yield* renderWith(coverPath).pipe(
        Effect.catchIf(
          (failure) => coverPath !== null && !failure.timedOut,
          (failure) =>
            Effect.logWarning("Video rendered without its unreadable cover", failure.reason).pipe(
              Effect.zipRight(renderWith(null)),
            ),
        ),
      )
      const key = videoKeyOf(jobId)
      const stored = yield* Effect.suspend(() => storage.put(key, createReadStream(output))).pipe(
        Effect.orDie,
      )
      yield* records.record(userId, {
        _tag: "RecordCompletion",
        jobId,
        videoKey: key,
        sizeBytes: stored.size,
      })
    }).pipe(Effect.ensuring(Effect.promise(() => rm(output, { force: true }))))
    yield* made.pipe(
      Effect.catchIf(
        (error): error is RenderFailed => error instanceof RenderFailed,
        (failed) =>
          records.record(userId, {
            _tag: "RecordFailure",
            jobId,
            reason: failed.reason,
            timedOut: failed.timedOut,
          }),
      ),
      // Anything else is retried by the job; the last attempt ends the export visibly.
      Effect.catchAllCause((cause) =>
        lastAttempt && !Cause.isInterruptedOnly(cause)
          ? Effect.zipRight(
              Effect.logError("Video export failed for good", cause),
              records.record(userId, {
                _tag: "RecordFailure",
                jobId,
                reason: unexpectedFailure,
                timedOut: false,
              }),
            )
          : Effect.failCause(cause),
      ),
    )
  })

  /** An export whose render's worker vanished during its last attempt fails visibly (no-op once ended). */
  const giveUp = (userId: string, jobId: string) =>
    records.record(userId, {
      _tag: "RecordFailure",
      jobId,
      reason: interruptedReason,
      timedOut: false,
    })

  return { render, giveUp }
})
