import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Duration, Effect, Fiber } from "effect"
import { type browser, describeApp, runJobs, serverUrl, settle, signUp } from "#app/testing.ts"
import { type ApiClient, signedUpWithClient } from "#app/testing-client.ts"
import { seedGeneration, storeMedia } from "#app/testing-songs.ts"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { takeUpStalledJobs } from "#toolkit/stalled-jobs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { jobsOf, vanishWithDueJobs } from "#toolkit/test-jobs.ts"
import { probeBytes } from "#toolkit/test-video.ts"
import { type ExportVideoPayload, VideoExport } from "./api.ts"
import { interruptedReason } from "./video-export-decider.ts"
import { timedOutReason } from "./video-request.ts"
import { renderVideo } from "./videos.ts"

type Browser = ReturnType<typeof browser>

const config = { webDist: join(import.meta.dirname, "..", "..", "web", "dist") }
const env = { REGISTRATIONS_PER_ADDRESS: "1000" }
const stalledAfter = Duration.seconds(30)

/** A signed-in person: their browser, and the API's client as them. */
/** A person with one private song of `seconds` in their library. */
const songOwner = (title: string, seconds = 2, cover?: Uint8Array) =>
  Effect.gen(function* () {
    const owner = yield* signedUpWithClient("maker")
    const { versions } = yield* seedGeneration(owner.user.id, title, 1, "Pop", {
      seconds,
      ...(cover ? { cover } : {}),
    })
    const songs = yield* owner.api.songs.mySongs()
    return { ...owner, songId: songs[0]!.id, audioKey: versions[0]!.audioKey }
  })

const exportOf = (api: ApiClient, id: string) => api.videos.videoExport({ path: { id } })

/** An export started: answered 202 with the job, not with the file (which is for Accept: video/mp4). */
const startExport = (api: ApiClient, payload: ExportVideoPayload) =>
  Effect.flatMap(api.videos.exportVideo({ payload }), (answer) =>
    answer instanceof VideoExport
      ? Effect.succeed(answer)
      : Effect.die(new Error("the export answered with the file, not the job")),
  )

/** The bytes of a response, with the person's cookies: videos are not text. */
const bytesOf = (person: Browser, path: string, headers: Record<string, string> = {}) =>
  Effect.gen(function* () {
    const base = yield* serverUrl
    const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    return yield* Effect.promise(async () => {
      const response = await fetch(base + path, { headers: { cookie, origin: base, ...headers } })
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
    })
  })

describeApp({ env, config })("video export", (it) => {
  it.effect(
    "renders the owner's song for TikTok with progress from the render, and serves the MP4 with ranges",
    () =>
      Effect.gen(function* () {
        const { person, api, songId } = yield* songOwner("Neon Rain", 6)
        const queued = yield* startExport(api, { format: "tiktok", songId })
        expect(queued).toMatchObject({
          status: "queued",
          progress: 0,
          songTitle: "Neon Rain (Version 1)",
          duration: 6,
          resultUrl: null,
        })
        const worker = yield* Effect.fork(runJobs)
        const seen: Array<number> = []
        let current = yield* exportOf(api, queued.id)
        while (current.status === "queued" || current.status === "processing") {
          seen.push(current.progress)
          yield* Effect.sleep("50 millis")
          current = yield* exportOf(api, queued.id)
        }
        yield* Fiber.join(worker)
        expect(current).toMatchObject({ status: "completed", progress: 100, step: "Video ready" })
        expect(seen).toEqual([...seen].sort((a, b) => a - b))
        expect(seen.some((p) => p > 0 && p < 100)).toBe(true)

        const { response, bytes } = yield* bytesOf(person, current.downloadUrl!)
        expect(response.status).toBe(200)
        expect(response.headers.get("content-type")).toBe("video/mp4")
        expect(response.headers.get("content-disposition")).toContain(
          'filename="Neon Rain (Version 1) (TikTok).mp4"',
        )
        const { streams, format } = yield* probeBytes(bytes)
        const video = streams.find((s) => s.codec_type === "video")
        const audio = streams.find((s) => s.codec_type === "audio")
        expect(video).toMatchObject({ codec_name: "h264", width: 1080, height: 1920 })
        expect(audio?.codec_name).toBe("aac")
        expect(Math.abs(Number(format.duration) - 6)).toBeLessThan(0.15)

        const part = yield* bytesOf(person, current.resultUrl!, { range: "bytes=0-99" })
        expect(part.response.status).toBe(206)
        expect(part.bytes).toEqual(bytes.slice(0, 100))
      }),
    60_000,
  )

  it.effect("names a song by its audio link too, and renders anyone's public song", () =>
    Effect.gen(function* () {
      const { person, songId } = yield* songOwner("Open Skies")
      expect((yield* person.patch(`/api/songs/${songId}/privacy`, { isPublic: true })).status).toBe(
        200,
      )
      const fan = yield* signedUpWithClient("fan")
      const base = yield* serverUrl
      const started = yield* startExport(fan.api, {
        format: "youtube",
        audioUrl: base + songPaths.audio(songId),
        songTitle: "Open Skies",
        duration: 2,
      })
      yield* runJobs
      expect(yield* exportOf(fan.api, started.id)).toMatchObject({ status: "completed" })
      // The export is the fan's: its owner cannot follow it.
      expect((yield* person.get(`/api/videos/${started.id}`)).status).toBe(404)
      expect((yield* person.get(`/api/videos/${started.id}/file`)).status).toBe(404)
    }),
  )

  it.effect("shows a song's timed lyrics when asked: the line sung is drawn in the frame", () =>
    Effect.gen(function* () {
      const owner = yield* signedUpWithClient("lyricist")
      const synced = {
        lines: [{ text: "Every word in its time", startMs: 200, endMs: 1_800, words: [] }],
      }
      yield* seedGeneration(owner.user.id, "Timed", 1, "Pop", { seconds: 2, synced })
      const [song] = yield* owner.api.songs.mySongs()
      const exported = (withLyrics: boolean) =>
        Effect.gen(function* () {
          const queued = yield* startExport(owner.api, {
            format: "youtube",
            songId: song!.id,
            showLyrics: withLyrics,
          })
          yield* runJobs
          const done = yield* exportOf(owner.api, queued.id)
          expect(done.status).toBe("completed")
          return (yield* bytesOf(owner.person, done.resultUrl!)).bytes
        })
      const [shown, hidden] = [yield* exported(true), yield* exported(false)]
      expect((yield* probeBytes(shown)).streams.some((s) => s.codec_type === "video")).toBe(true)
      // Drawn text makes the same picture a different file.
      expect(shown.byteLength).not.toBe(hidden.byteLength)
    }),
  )

  it.effect("refuses what it cannot render, with the reason, and queues nothing", () =>
    Effect.gen(function* () {
      const { person, songId, audioKey } = yield* songOwner("Quiet Room")
      const stranger = yield* signUp("stranger")
      const refused = (who: Browser, body: unknown) =>
        Effect.map(who.post("/api/videos/generate", body), (a) => [a.status, a.body] as const)

      expect(yield* refused(person, { format: "tiktok" })).toEqual([
        400,
        expect.objectContaining({ message: "No audio file available for video export" }),
      ])
      expect(
        yield* refused(person, { format: "tiktok", audioUrl: "https://elsewhere.example/a.mp3" }),
      ).toEqual([
        400,
        expect.objectContaining({ message: "No audio file available for video export" }),
      ])
      expect(yield* refused(person, { format: "tiktok", songId, showLyrics: true })).toEqual([
        400,
        expect.objectContaining({
          _tag: "LyricsNotTimed",
          message: "This song's lyrics are not timed, so they cannot be shown as it plays.",
        }),
      ])
      const [status, body] = yield* refused(person, { format: "vhs", songId })
      expect(status).toBe(400)
      expect(JSON.stringify(body)).toContain(
        "format must be one of: instagram-story, instagram-video, facebook-story, facebook-video, youtube, tiktok",
      )
      // Someone else's private song does not exist for them.
      expect(yield* refused(stranger.person, { format: "tiktok", songId })).toEqual([
        404,
        expect.objectContaining({ message: "This song does not exist, or it is private." }),
      ])
      const anonymous = (yield* signUp("leaving")).person
      anonymous.cookies.clear()
      expect((yield* refused(anonymous, { format: "tiktok", songId }))[0]).toBe(401)

      // A song whose audio is gone from storage.
      yield* Effect.flatMap(FileStorage, (storage) => storage.remove(audioKey))
      expect(yield* refused(person, { format: "tiktok", songId })).toEqual([
        400,
        expect.objectContaining({ message: "No audio file available for video export" }),
      ])
      expect(yield* jobsOf(renderVideo.name)).toHaveLength(0)
    }),
  )

  it.effect(
    "runs one export at a time per person: a second one while the first runs is a 409",
    () =>
      Effect.gen(function* () {
        const { person, api, songId } = yield* songOwner("One By One")
        const first = yield* startExport(api, { format: "facebook-video", songId })
        const second = yield* person.post("/api/videos/generate", { format: "tiktok", songId })
        expect(second.status).toBe(409)
        expect(second.body).toMatchObject({
          message:
            "A video export is already running. Please wait for it to finish before starting another.",
          jobId: first.id,
        })
        // Someone else is not held up by it.
        const other = yield* songOwner("Meanwhile")
        yield* startExport(other.api, { format: "tiktok", songId: other.songId })
        yield* runJobs
        expect((yield* exportOf(api, first.id)).status).toBe("completed")
        yield* startExport(api, { format: "tiktok", songId })
      }),
  )

  it.effect(
    "fails a render of corrupt audio with ffmpeg's reason, leaves no file, and frees the slot",
    () =>
      Effect.gen(function* () {
        const { person, api, songId, audioKey } = yield* songOwner("Broken Record")
        yield* storeMedia(audioKey, new TextEncoder().encode("this is not an mp3 at all"))
        const started = yield* startExport(api, { format: "instagram-story", songId })
        yield* runJobs
        const failed = yield* exportOf(api, started.id)
        expect(failed).toMatchObject({ status: "failed", step: "Export failed", timedOut: false })
        // ffmpeg's reason, without the server's paths.
        expect(failed.errorMsg).toContain("the song's audio: Invalid")
        expect(failed.errorMsg).not.toContain("/")
        expect(failed.resultUrl).toBeNull()
        expect((yield* person.get(`/api/videos/${started.id}/file`)).status).toBe(404)
        const stored = yield* Effect.flatMap(FileStorage, (s) => s.stat(`videos/${started.id}.mp4`))
        expect(stored).toBeUndefined()
        expect(yield* jobsOf(renderVideo.name)).toHaveLength(0)
        yield* startExport(api, { format: "instagram-story", songId })
        yield* runJobs
      }),
  )

  it.effect("renders without a cover ffmpeg cannot read, rather than failing", () =>
    Effect.gen(function* () {
      const cover = new TextEncoder().encode("not a picture")
      const { api, songId } = yield* songOwner("Faded Photo", 2, cover)
      const started = yield* startExport(api, { format: "facebook-story", songId })
      yield* runJobs
      expect(yield* exportOf(api, started.id)).toMatchObject({ status: "completed" })
    }),
  )

  it.effect(
    "answers the MP4 itself to a caller that asks for video/mp4, as the spec's call does",
    () =>
      Effect.gen(function* () {
        const { person, songId } = yield* songOwner("Straight Through")
        const base = yield* serverUrl
        const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
        const waiting = yield* Effect.fork(
          Effect.promise(async () => {
            const response = await fetch(`${base}/api/videos/generate`, {
              method: "POST",
              headers: {
                cookie,
                origin: base,
                accept: "video/mp4",
                "content-type": "application/json",
              },
              body: JSON.stringify({
                format: "instagram-video",
                songId,
                songTitle: "x",
                duration: 2,
              }),
            })
            return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
          }),
        )
        while ((yield* jobsOf(renderVideo.name)).length === 0) yield* Effect.sleep("20 millis")
        yield* runJobs
        const { response, bytes } = yield* Fiber.join(waiting)
        expect(response.status).toBe(200)
        expect(response.headers.get("content-type")).toBe("video/mp4")
        const { streams } = yield* probeBytes(bytes)
        expect(streams.find((s) => s.codec_type === "video")).toMatchObject({
          width: 1080,
          height: 1350,
        })
      }),
  )

  it.effect("takes up an export whose worker vanished, and finishes it once", () =>
    Effect.gen(function* () {
      const { api, songId } = yield* songOwner("Second Wind")
      const started = yield* startExport(api, { format: "tiktok", songId })
      // Nobody is on it yet: it is not stalled.
      expect((yield* takeUpStalledJobs(stalledAfter)).resumed).toEqual([])
      expect(yield* vanishWithDueJobs({ watched: true, task: renderVideo.name })).toHaveLength(1)
      yield* runJobs
      expect(yield* exportOf(api, started.id)).toMatchObject({ status: "queued" })
      expect((yield* takeUpStalledJobs(stalledAfter)).resumed).toHaveLength(1)
      yield* runJobs
      expect(yield* exportOf(api, started.id)).toMatchObject({ status: "completed" })
      expect(yield* jobsOf(renderVideo.name)).toHaveLength(0)
      yield* settle
    }),
  )

  it.effect("fails an export whose worker vanished on every attempt, once given up", () =>
    Effect.gen(function* () {
      const { api, songId } = yield* songOwner("Power Cut")
      const started = yield* startExport(api, { format: "tiktok", songId })
      for (let attempt = 1; attempt <= renderVideo.maxAttempts; attempt++) {
        expect(yield* vanishWithDueJobs({ watched: true, task: renderVideo.name })).toHaveLength(1)
        const taken = yield* takeUpStalledJobs(stalledAfter)
        expect([...taken.resumed, ...taken.givenUp]).toHaveLength(1)
      }
      yield* runJobs
      expect(yield* exportOf(api, started.id)).toMatchObject({
        status: "failed",
        errorMsg: interruptedReason,
        timedOut: false,
      })
      // A new export is welcome again.
      yield* startExport(api, { format: "tiktok", songId })
      yield* runJobs
      yield* settle
    }),
  )
})

describeApp({ env: { ...env, VIDEO_TIMEOUT_SECONDS: "0.05" }, config })(
  "a video render out of time",
  (it) => {
    it.effect("is killed and fails with the spec's timeout message", () =>
      Effect.gen(function* () {
        const { api, songId } = yield* songOwner("Too Long", 4)
        const started = yield* startExport(api, { format: "youtube", songId })
        yield* runJobs
        expect(yield* exportOf(api, started.id)).toMatchObject({
          status: "failed",
          timedOut: true,
          errorMsg: timedOutReason,
        })
      }),
    )
  },
)
