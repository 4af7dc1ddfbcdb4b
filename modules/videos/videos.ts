import { Context, Effect, Layer, Schema } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { songIdFromAudioUrl } from "#modules/catalog/api-song-paths.ts"
import { now } from "#toolkit/clock.ts"
import { type JobKind, JobQueue } from "#toolkit/jobs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import {
  type ExportVideoPayload,
  LyricsNotTimed,
  NoAudioForVideo,
  VideoExportRunning,
} from "./api.ts"
import { makeExportFiles } from "./export-files.ts"
import { exportOf, noExport } from "./export-view.ts"
import { Songs } from "./songs.ts"
import { exportStream, makeExportRecords } from "./video-export-records.ts"
import { makeVideoRender } from "./video-render-job.ts"
import type { VideosShape } from "./videos-shape.ts"

const noAudio = new NoAudioForVideo({ message: "No audio file available for video export" })
const notTimed = new LyricsNotTimed({
  message: "This song's lyrics are not timed, so they cannot be shown as it plays.",
})
const noSong = new NotFound({ message: "This song does not exist, or it is private." })
/** A song of unknown length is taken as 30 seconds (spec). */
const defaultDurationSeconds = 30

export const RenderVideoPayload = Schema.Struct({ userId: Schema.String, jobId: Schema.String })

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const jobs = yield* JobQueue
  const storage = yield* FileStorage
  const songs = yield* Songs
  const { view } = yield* makeExportRecords
  const { render, giveUp } = yield* makeVideoRender
  const { file, awaitFile } = yield* makeExportFiles

  const schedule = (userId: string, jobId: string) =>
    jobs.enqueue(renderVideo, { userId, jobId }, { key: `video-${jobId}` })

  /** The song to render: named by id or by its audio link, the caller's own or public, with its audio stored. */
  const sourceOf = (user: SignedInUser, payload: ExportVideoPayload) =>
    Effect.gen(function* () {
      const songId =
        payload.songId ?? (payload.audioUrl ? songIdFromAudioUrl(payload.audioUrl) : undefined)
      if (songId === undefined) return yield* noAudio
      const song = yield* songs.visible(songId, user.userId)
      if (song === undefined) return yield* noSong
      const stored = (key: string) => storage.stat(key).pipe(Effect.orElseSucceed(() => undefined))
      if ((yield* stored(song.audioKey)) === undefined) return yield* noAudio
      const coverKey =
        song.coverKey !== null && (yield* stored(song.coverKey)) !== undefined
          ? song.coverKey
          : null
      if (payload.showLyrics && song.syncedLyricsKey === null) return yield* notTimed
      const syncedLyricsKey = payload.showLyrics ? song.syncedLyricsKey : null
      return { songId, song, coverKey, syncedLyricsKey }
    })

  const request = Effect.fn("Videos.request")(
    function* (user: SignedInUser, payload: ExportVideoPayload) {
      const { songId, song, coverKey, syncedLyricsKey } = yield* sourceOf(user, payload)
      const jobId = uuidv7()
      const durationSeconds =
        song.durationMs > 0 ? song.durationMs / 1000 : (payload.duration ?? defaultDurationSeconds)
      yield* store.transaction(
        Effect.gen(function* () {
          yield* runCommand({
            ...exportStream(user.userId),
            command: {
              _tag: "RequestExport",
              request: {
                jobId,
                userId: user.userId,
                songId,
                format: payload.format,
                songTitle: song.title,
                durationSeconds,
                audioKey: song.audioKey,
                coverKey,
                syncedLyricsKey,
                requestedAt: yield* now,
              },
            },
            actor: actorOf(user),
          })
          yield* schedule(user.userId, jobId)
        }),
      )
      return jobId
    },
    Effect.catchTag("ExportInProgress", (running) =>
      Effect.fail(
        new VideoExportRunning({
          message:
            "A video export is already running. Please wait for it to finish before starting another.",
          jobId: running.jobId,
        }),
      ),
    ),
  )

  const status = (user: SignedInUser, jobId: string) =>
    Effect.flatMap(view(user.userId, jobId), (found) =>
      found ? Effect.succeed(exportOf(found)) : Effect.fail(noExport),
    )

  return { request, status, file, awaitFile, render, giveUp } satisfies VideosShape
})

/** Video exports (see videos-shape.ts for each function's contract). */
export class Videos extends Context.Tag("@melody/videos/Videos")<Videos, VideosShape>() {
  static readonly live = Layer.effect(Videos, make)
}

/**
 * A person's video export, rendered once; a render cut short by a crash starts again, and fails once its
 * workers vanished on every attempt.
 */
export const renderVideo: JobKind<typeof RenderVideoPayload.Type, Videos> = {
  name: "media:render-video",
  payload: RenderVideoPayload,
  maxAttempts: 3,
  run: ({ userId, jobId }, job) =>
    Effect.flatMap(Videos, (videos) =>
      videos.render(userId, jobId, job.attempt >= job.maxAttempts),
    ),
  giveUp: ({ userId, jobId }) => Effect.flatMap(Videos, (videos) => videos.giveUp(userId, jobId)),
}
