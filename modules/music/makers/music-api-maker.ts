import { Effect, Option, Redacted } from "effect"
import type { GeneratedVersion } from "#events/contracts/media.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { copyFromUrl, FileStorage } from "#toolkit/storage/index.ts"
import { MusicConfig } from "../config.ts"
import { isFailureStatus } from "../generation/generation-state.ts"
import { syncedLyricsOfWords } from "./aligned-lyrics.ts"
import { failedSentence } from "./failure-sentences.ts"
import { MusicApi } from "./music-api.ts"
import type { MusicApiRefused, MusicApiTrack } from "./music-api-answers.ts"
import { editOrderOf } from "./music-api-orders.ts"
import {
  type MusicMaker,
  type RunningGeneration,
  StepFailed,
  versionIdOf,
  versionKeys,
} from "./music-maker.ts"
import { sourcePath } from "./source-link.ts"

/** Where the music API posts a generation's callbacks: a secret path, then re-checked by polling. */
export const callbackPath = (secret: string, generationId: string) =>
  `/api/media/callbacks/${secret}/${generationId}`

const sensitiveWords =
  "The music service refused the lyrics or the style (names of artists, copyrighted lyrics or profanity). Please change them and try again."

/** A task that ended without songs: the one failure whose cause a person can change is named. */
const taskFailed = (generation: RunningGeneration, status: string, message: string | null) =>
  new StepFailed({
    status,
    reason:
      status === "SENSITIVE_WORD_ERROR"
        ? sensitiveWords
        : failedSentence(generation.request.reshaping),
    detail: `The music service ended the task with ${status}${message ? `: ${message}` : ""}`,
    retryable: false,
  })

const fromRefusal = (generation: RunningGeneration) => (refused: MusicApiRefused) =>
  new StepFailed({
    status: refused.retryable ? "PROVIDER_ERROR" : "CREATE_TASK_FAILED",
    reason: failedSentence(generation.request.reshaping),
    detail: `The music service refused the song: ${refused.message}`,
    retryable: refused.retryable,
  })

/**
 * A Suno-style music API as a music maker: submit once, then look at the task on each step (polls and
 * callbacks both lead here; the poll is the truth), copying every finished track into our storage as soon
 * as it appears, because the music API's links expire.
 */
export const makeMusicApiMaker = Effect.gen(function* () {
  const api = yield* MusicApi
  const storage = yield* FileStorage
  const appUrl = yield* AppUrl
  const secret = Option.map((yield* MusicConfig).musicApi, (s) => Redacted.value(s.callbackSecret))

  /** A finished track in our storage; its cover too when it can be had (else the music API's link). */
  const keep = (generation: RunningGeneration, track: MusicApiTrack, index: number) =>
    Effect.gen(function* () {
      const { generationId } = generation.request
      const keys = versionKeys(generationId, index)
      yield* copyFromUrl(storage, track.audioUrl, keys.audio)
      const cover = track.imageUrl
        ? yield* copyFromUrl(storage, track.imageUrl, keys.cover).pipe(
            Effect.as(keys.cover),
            Effect.orElseSucceed(() => null),
          )
        : null
      return {
        versionId: versionIdOf(generationId, index),
        index,
        audioKey: keys.audio,
        imageKey: cover,
        sourceImageUrl: track.sourceImageUrl || track.imageUrl || null,
        durationMs: Math.round((track.durationSeconds ?? 30) * 1000),
        makerTrackId: track.id,
      } satisfies GeneratedVersion
    }).pipe(
      Effect.mapError(
        (copy) =>
          new StepFailed({
            status: "PROVIDER_ERROR",
            reason: failedSentence(generation.request.reshaping),
            detail: `A finished track could not be copied: ${copy.reason}`,
            retryable: true,
          }),
      ),
    )

  /**
   * A finished track's lyrics timed by the music API, kept beside it: without them (an instrumental, or
   * an answer that could not be had) the version is as it was.
   */
  const timed = (generation: RunningGeneration, taskId: string, version: GeneratedVersion) =>
    generation.request.instrumental || version.syncedLyricsKey || !version.makerTrackId
      ? Effect.succeed(version)
      : api.timestampedLyrics(taskId, version.makerTrackId).pipe(
          Effect.map(syncedLyricsOfWords),
          Effect.flatMap((synced) => {
            if (synced.lines.length === 0) return Effect.succeed(version)
            const { syncedLyrics } = versionKeys(generation.request.generationId, version.index)
            return storage
              .put(syncedLyrics, new TextEncoder().encode(JSON.stringify(synced)))
              .pipe(Effect.as({ ...version, syncedLyricsKey: syncedLyrics }))
          }),
          Effect.tapError((error) => Effect.logWarning("No timed lyrics for a track", error)),
          Effect.orElseSucceed(() => version),
        )

  /** The task a request starts: a song from scratch, or an operation on our stored copy of one. */
  const submit = (request: RunningGeneration["request"]) => {
    const { generationId, title, style, lyrics, instrumental, voice, reshaping } = request
    const key = Option.getOrElse(secret, () => "none")
    const callbackUrl = `${appUrl}${callbackPath(key, generationId)}`
    if (reshaping !== null) {
      const uploadUrl = `${appUrl}${sourcePath(key, reshaping.versionId)}`
      return api.edit(editOrderOf(request, reshaping, { uploadUrl, callBackUrl: callbackUrl }))
    }
    return api.generate({
      // Music APIs take 80 to 100 characters of title; ours may be longer, and stays ours.
      title: title.slice(0, 80),
      style,
      lyrics,
      instrumental,
      vocalGender: voice ? (voice.singer.gender === "female" ? "f" : "m") : undefined,
      personaId: voice?.personaId,
      callbackUrl,
    })
  }

  const maker: MusicMaker = (generation, record) =>
    Effect.gen(function* () {
      if (generation.makerTaskId === null) {
        const taskId = yield* submit(generation.request).pipe(
          Effect.mapError(fromRefusal(generation)),
        )
        yield* record({ _tag: "RecordSubmission", makerTaskId: taskId })
        return "later"
      }
      const task = yield* api
        .task(generation.makerTaskId)
        .pipe(Effect.mapError(fromRefusal(generation)))
      if (isFailureStatus(task.status))
        return yield* taskFailed(generation, task.status, task.errorMessage)
      const stored = [...generation.versions]
      for (const [i, track] of task.tracks.entries()) {
        const index = i + 1
        if (!track.audioUrl || stored.some((v) => v.index === index)) continue
        stored.push(yield* keep(generation, track, index))
        // Recorded as soon as it is ours: a step repeated after a failure does not fetch it again.
        yield* record({ _tag: "RecordProgress", status: generation.status, versions: stored })
      }
      if (
        task.status === "SUCCESS" &&
        task.tracks.length > 0 &&
        stored.length >= task.tracks.length
      ) {
        // A track kept at FIRST_SUCCESS had no duration yet; the finished task knows it.
        const final = yield* Effect.forEach(
          stored
            .map((version) => {
              const seconds = task.tracks[version.index - 1]?.durationSeconds
              return seconds ? { ...version, durationMs: Math.round(seconds * 1000) } : version
            })
            .sort((a, b) => a.index - b.index),
          (version) => timed(generation, generation.makerTaskId!, version),
        )
        yield* record({ _tag: "RecordSuccess", versions: final })
        return "done"
      }
      yield* record({ _tag: "RecordProgress", status: task.status, versions: stored })
      return "later"
    })
  return maker
})
