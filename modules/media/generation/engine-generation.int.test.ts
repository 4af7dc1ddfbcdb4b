import { join } from "node:path"
import { buffer } from "node:stream/consumers"
import { describe, expect } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { parseMidi } from "midi-file"
import sharp from "sharp"
import { type browser, describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { probeAudio } from "#toolkit/test-audio.ts"
import { versionKeys } from "./music-maker.ts"

type Browser = ReturnType<typeof browser>
interface Status {
  readonly status: string
  readonly songs: ReadonlyArray<{
    readonly streamAudioUrl: string
    readonly audioUrl: string
    readonly duration: number
  }>
  readonly error: string | null
  readonly creditRefund: { readonly refunded: boolean; readonly amount: number } | null
}

interface SongWithMidi {
  readonly id: string
  readonly duration: number
  readonly midiUrl: string | null
  readonly lrcUrl: string | null
  readonly imageUrl: string | null
}

interface Timed {
  readonly text: string
  readonly startMs: number
  readonly endMs: number
}
type Synced = { readonly lines: ReadonlyArray<Timed & { readonly words: ReadonlyArray<Timed> }> }

/** Every line and word sung in order, inside the song, each ending after it starts. */
const expectInOrder = (synced: Synced, durationMs: number) => {
  const words = synced.lines.flatMap((line) => line.words)
  for (const [i, timed] of [...synced.lines, ...words].entries()) {
    expect(timed.endMs, `${i}: ${timed.text}`).toBeGreaterThan(timed.startMs)
    expect(timed.endMs).toBeLessThanOrEqual(durationMs)
  }
  for (const list of [synced.lines, words])
    for (let i = 1; i < list.length; i++)
      expect(list[i]!.startMs).toBeGreaterThanOrEqual(list[i - 1]!.startMs)
}

const song = {
  title: "Morning Train",
  lyrics: "[Verse 1]\nThe morning train is rolling in\nI hear it calling me again",
  style: "upbeat pop with female vocals, guitar and drums",
}

const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "10",
  GENERATION_POLL_SECONDS: "0.2",
}

const statusOf = (person: Browser, taskId: string) =>
  Effect.map(person.get(`/api/check-song-status?taskId=${taskId}`), (a) => a.body as Status)

const start = (person: Browser) =>
  Effect.map(person.post("/api/generate-song", song), (answer) => {
    expect(answer.status).toBe(200)
    return (answer.body as { taskId: string }).taskId
  })

describeApp({ env, config })("song generation with the offline engine", (it) => {
  it.effect(
    "renders two versions, the first playable before the second is done, each with a MIDI file only its owner gets and its lyrics timed as sung",
    () =>
      Effect.gen(function* () {
        const { person } = yield* signUp("singer")
        yield* settle
        const taskId = yield* start(person)
        // The worker renders while the dialog polls: the first version shows before the second is done.
        const worker = yield* Effect.fork(runJobs)
        let status = yield* statusOf(person, taskId)
        let preview: Status | undefined
        while (status.status !== "SUCCESS" && status.status !== "GENERATE_AUDIO_FAILED") {
          if (status.status === "FIRST_SUCCESS") preview ??= status
          yield* Effect.sleep("100 millis")
          status = yield* statusOf(person, taskId)
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
        const songs = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<SongWithMidi>
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
        const synced = (yield* person.get(syncedUrl)).body as Synced
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
        const { person: other } = yield* signUp("listener")
        expect((yield* other.send(syncedUrl)).status).toBe(404)
        expect((yield* other.send(first!.lrcUrl!)).status).toBe(404)

        // Nobody else gets the MIDI file, even once the song is public, and nobody else is offered it;
        // the timed lyrics go with the words everyone may read.
        expect(
          (yield* person.patch(`/api/songs/${first!.id}/privacy`, { isPublic: true })).status,
        ).toBe(200)
        yield* settle
        expect((yield* request(midiUrl)).status).toBe(401)
        expect((yield* other.send(midiUrl)).status).toBe(404)
        const seen = (yield* other.get(`/api/songs/${first!.id}`)).body as SongWithMidi
        expect(seen.midiUrl).toBeNull()
        expect(seen.lrcUrl).toBe(first!.lrcUrl)
        // Until its owner shares the song's parts: then anyone signed in may take its MIDI file.
        yield* person.patch(`/api/songs/${first!.id}/parts-sharing`, { shared: true })
        expect(((yield* other.get(`/api/songs/${first!.id}`)).body as SongWithMidi).midiUrl).toBe(
          midiUrl,
        )
        expect((yield* other.send(midiUrl)).status).toBe(200)
        expect((yield* request(syncedUrl)).body).toEqual(synced)
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
        const { person } = yield* signUp("hurried")
        yield* settle
        const taskId = yield* start(person)
        let status = yield* statusOf(person, taskId)
        for (let step = 0; step < 4 && status.status === "PENDING"; step++) {
          yield* runJobs
          yield* settle
          status = yield* statusOf(person, taskId)
        }
        expect(status.status).toBe("GENERATE_AUDIO_FAILED")
        expect(status.error).toBe("The song could not be made.")
        expect(status.creditRefund).toEqual({ refunded: true, amount: 5 })
        expect(((yield* person.get("/api/credits")).body as { credits: number }).credits).toBe(10)
      }),
    )
  })

  describe("a person starting many songs", () => {
    it.effect("is told to wait after the hour's allowance, and is not charged for it", () =>
      Effect.gen(function* () {
        const { person } = yield* signUp("eager")
        yield* settle
        yield* start(person)
        const second = yield* person.post("/api/generate-song", song)
        expect(second.status).toBe(429)
        expect(second.body).toMatchObject({ _tag: "TooManyRequests" })
        expect((second.body as { message: string }).message).toMatch(
          /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
        )
        yield* settle
        expect(((yield* person.get("/api/credits")).body as { credits: number }).credits).toBe(5)
      }),
    )
  })
})
