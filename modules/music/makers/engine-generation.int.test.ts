import { join } from "node:path"
import { buffer } from "node:stream/consumers"
import { describe, expect } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { parseMidi } from "midi-file"
import sharp from "sharp"
import { describeApp, request, runJobs, settle } from "#app/testing.ts"
import { type ApiClient, clientOf, signedUpWithClient } from "#app/testing-client.ts"
import type { SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { probeAudio } from "#toolkit/test-audio.ts"
import { GenerateSongPayload, type SongStatus } from "../api.ts"
import { versionKeys } from "./music-maker.ts"

/** Every line and word sung in order, inside the song, each ending after it starts. */
const expectInOrder = (synced: SyncedLyrics, durationMs: number) => {
  const words = synced.lines.flatMap((line) => line.words)
  for (const [i, timed] of [...synced.lines, ...words].entries()) {
    expect(timed.endMs, `${i}: ${timed.text}`).toBeGreaterThan(timed.startMs)
    expect(timed.endMs).toBeLessThanOrEqual(durationMs)
  }
  for (const list of [synced.lines, words])
    for (let i = 1; i < list.length; i++)
      expect(list[i]!.startMs).toBeGreaterThanOrEqual(list[i - 1]!.startMs)
}

const song = GenerateSongPayload.make({
  title: "Morning Train",
  lyrics: "[Verse 1]\nThe morning train is rolling in\nI hear it calling me again",
  style: "upbeat pop with female vocals, guitar and drums",
})

const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "10",
  GENERATION_POLL_SECONDS: "0.2",
}

/** A signed-in person: their browser, and the API's client as them. */
const statusOf = (api: ApiClient, taskId: string) => api.media.songStatus({ urlParams: { taskId } })

const start = (api: ApiClient) =>
  Effect.map(api.media.generateSong({ payload: song }), (started) => started.taskId)

const creditsOf = (api: ApiClient) => Effect.map(api.creditLedger.credits(), (view) => view.credits)

describeApp({ env, config })("song generation with the offline engine", (it) => {
  it.effect(
    "renders two versions, the first playable before the second is done, each with a MIDI file only its owner gets and its lyrics timed as sung",
    () =>
      Effect.gen(function* () {
        const { person, api } = yield* signedUpWithClient("singer")
        yield* settle
        const taskId = yield* start(api)
        // The worker renders while the dialog polls: the first version shows before the second is done.
        const worker = yield* Effect.fork(runJobs)
        let status = yield* statusOf(api, taskId)
        let preview: SongStatus | undefined
        while (status.status !== "SUCCESS" && status.status !== "GENERATE_AUDIO_FAILED") {
          if (status.status === "FIRST_SUCCESS") preview ??= status
          yield* Effect.sleep("100 millis")
          status = yield* statusOf(api, taskId)
        }
        yield* Fiber.join(worker)
        expect(preview?.songs).toHaveLength(1)
        expect(preview!.songs[0]!.audioUrl).toBe("")
        const played = yield* person.send(preview!.songs[0]!.streamAudioUrl)
        expect(played.status).toBe(200)
        expect(played.headers.get("content-type")).toBe("audio/mpeg")
        expect(status.status).toBe("SUCCESS")
        expect(status.songs).toHaveLength(2)
        const storage = yield* FileStorage
        for (const [i, version] of status.songs.entries()) {
          expect(version.duration).toBeGreaterThan(10)
          const ranged = yield* person.send(version.audioUrl, { headers: { range: "bytes=0-2" } })
          expect(ranged.status).toBe(206)
          // What was stored is a real MP3 as long as the version says.
          const stored = yield* storage.read(versionKeys(taskId, i + 1).audio)
          const bytes = yield* Effect.promise(() => buffer(stored))
          const probed = yield* probeAudio(new Uint8Array(bytes))
          expect(probed.codec).toBe("mp3")
          expect(Math.abs(probed.seconds - version.duration)).toBeLessThan(0.2)
        }

        yield* settle
        const songs = yield* api.songs.mySongs()
        expect(songs).toHaveLength(2)
        const [first] = songs
        const midiUrl = first!.midiUrl!
        expect(midiUrl).toBe(`/api/songs/${first!.id}/midi`)
        const midi = yield* person.send(midiUrl)
        expect(midi.status).toBe(200)
        expect(midi.headers.get("content-type")).toBe("audio/midi")
        const parsed = parseMidi(midi.bytes)
        const names = parsed.tracks.flatMap((track) =>
          track.flatMap((event) => (event.type === "trackName" ? [event.text] : [])),
        )
        expect(names).toEqual(expect.arrayContaining([song.title, "Drums", "Bass", "Vocals"]))
        expect((yield* person.send(midiUrl, { headers: { range: "bytes=0-3" } })).status).toBe(206)

        // The lines as sung, each word timed; the LRC says the same in its own format.
        const syncedUrl = `/api/songs/${first!.id}/synced-lyrics`
        const synced = yield* api.catalog.syncedLyrics({ path: { id: first!.id } })
        const lines = song.lyrics.split("\n").slice(1)
        expect(synced.lines.length).toBeGreaterThanOrEqual(lines.length)
        expect(new Set(synced.lines.map((line) => line.text))).toEqual(new Set(lines))
        expect(synced.lines[0]!.words.map((word) => word.text)).toEqual(lines[0]!.split(" "))
        expectInOrder(synced, first!.duration)
        expect(first!.lrcUrl).toBe(`/api/songs/${first!.id}/lrc`)
        const lrc = yield* person.send(first!.lrcUrl!)
        expect(lrc.status).toBe(200)
        expect(lrc.headers.get("content-disposition")).toMatch(
          /filename="Morning Train \(Version \d\)\.lrc"/,
        )
        const timedLines = lrc.text.split("\n").filter((line) => /^\[\d/.test(line))
        expect(timedLines).toHaveLength(synced.lines.length)
        for (const [i, line] of timedLines.entries()) {
          const match = /^\[(\d\d):(\d\d\.\d\d)\] (<\d\d:\d\d\.\d\d> \S+ )+<\d\d:\d\d\.\d\d>$/.exec(
            line,
          )
          expect(match, line).not.toBeNull()
          const ms = (Number(match![1]) * 60 + Number(match![2])) * 1000
          expect(Math.abs(ms - synced.lines[i]!.startMs)).toBeLessThanOrEqual(5)
        }
        // Its own cover: WebP for a browser that reads it, JPEG for a link preview.
        expect(first!.imageUrl).toBe(`/api/songs/${first!.id}/cover`)
        const webp = yield* person.send(first!.imageUrl!, { headers: { accept: "image/webp,*/*" } })
        const jpeg = yield* person.send(first!.imageUrl!, { headers: { accept: "*/*" } })
        expect(webp.headers.get("content-type")).toBe("image/webp")
        expect(jpeg.headers.get("content-type")).toBe("image/jpeg")
        expect(webp.headers.get("vary")).toBe("Accept")
        for (const cover of [webp, jpeg])
          expect(yield* Effect.promise(() => sharp(cover.bytes).metadata())).toMatchObject({
            width: 1024,
            height: 1024,
          })
        const second = songs[1]!
        expect((yield* person.send(second.imageUrl!)).bytes).not.toEqual(jpeg.bytes)

        // Another person sees neither timing nor LRC while the song is private.
        const { person: other, api: others } = yield* signedUpWithClient("listener")
        expect((yield* other.send(syncedUrl)).status).toBe(404)
        expect((yield* other.send(first!.lrcUrl!)).status).toBe(404)

        // Nobody else gets the MIDI file, even once the song is public, and nobody else is offered it;
        // the timed lyrics go with the words everyone may read.
        const path = { id: first!.id }
        yield* api.catalog.setPrivacy({ path, payload: { isPublic: true } })
        yield* settle
        expect((yield* request(midiUrl)).status).toBe(401)
        expect((yield* other.send(midiUrl)).status).toBe(404)
        const seen = yield* others.songs.song({ path })
        expect(seen.midiUrl).toBeNull()
        expect(seen.lrcUrl).toBe(first!.lrcUrl)
        // Until its owner shares the song's parts: then anyone signed in may take its MIDI file.
        yield* api.catalog.setPartsSharing({ path, payload: { shared: true } })
        expect((yield* others.songs.song({ path })).midiUrl).toBe(midiUrl)
        expect((yield* other.send(midiUrl)).status).toBe(200)
        const anyone = yield* clientOf()
        expect(yield* anyone.catalog.syncedLyrics({ path })).toEqual(synced)
      }),
  )
})

describeApp({
  env: { ...env, ENGINE_TIMEOUT_SECONDS: "0.5", GENERATIONS_PER_HOUR: "1" },
  config,
})("song generation's limits", (it) => {
  describe("an engine that runs out of time", () => {
    it.effect("fails the generation at once and gives the credits back", () =>
      Effect.gen(function* () {
        const { api } = yield* signedUpWithClient("hurried")
        yield* settle
        const taskId = yield* start(api)
        let status = yield* statusOf(api, taskId)
        for (let step = 0; step < 4 && status.status === "PENDING"; step++) {
          yield* runJobs
          yield* settle
          status = yield* statusOf(api, taskId)
        }
        expect(status.status).toBe("GENERATE_AUDIO_FAILED")
        expect(status.error).toBe("The song could not be made.")
        expect(status.creditRefund).toEqual({ refunded: true, amount: 5 })
        expect(yield* creditsOf(api)).toBe(10)
      }),
    )
  })

  describe("a person starting many songs", () => {
    it.effect("is told to wait after the hour's allowance, and is not charged for it", () =>
      Effect.gen(function* () {
        const { api } = yield* signedUpWithClient("eager")
        yield* settle
        yield* start(api)
        const second = yield* Effect.flip(start(api))
        expect(second._tag).toBe("TooManyRequests")
        expect(second.message).toMatch(
          /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
        )
        yield* settle
        expect(yield* creditsOf(api)).toBe(5)
      }),
    )
  })
})
