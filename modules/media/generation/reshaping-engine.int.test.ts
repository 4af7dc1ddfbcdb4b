import { join } from "node:path"
import { text } from "node:stream/consumers"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  balanceOf,
  type browser,
  describeApp,
  runJobs,
  settle,
  signUp,
  signUpAdmin,
} from "#app/testing.ts"
import { seedEngineSong } from "#app/testing-songs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { entriesOf } from "#toolkit/test-zip.ts"
import { versionKeys } from "./music-maker.ts"

type Browser = ReturnType<typeof browser>
interface Status {
  readonly status: string
  readonly songs: ReadonlyArray<{ readonly duration: number }>
  readonly error: string | null
  readonly creditRefund: { readonly refunded: boolean; readonly amount: number } | null
}
interface Song {
  readonly id: string
  readonly title: string
  readonly duration: number
  readonly lyrics: string
  readonly lrcUrl: string | null
  readonly midiUrl: string | null
  readonly origin: {
    readonly operation: string
    readonly songId: string
    readonly title: string
  } | null
}

const adminEmail = "engine-admin@example.com"
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "10",
  GENERATION_POLL_SECONDS: "0.2",
  EXTEND_CREDITS: "4",
  ADMIN_EMAIL: adminEmail,
}
const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }

/** Runs the worker until the task is over, as the worker would (a retried step waits its backoff). */
const finish = (person: Browser, taskId: string) =>
  Effect.gen(function* () {
    let status: Status | undefined
    for (let round = 0; round < 600; round++) {
      yield* runJobs
      yield* settle
      status = (yield* person.get(`/api/check-song-status?taskId=${taskId}`)).body as Status
      if (status.status === "SUCCESS" || /FAILED|TIMEOUT/.test(status.status)) return status
      yield* Effect.sleep("200 millis")
    }
    return yield* Effect.die(new Error(`the task did not end: ${JSON.stringify(status)}`))
  })

const mySongs = (person: Browser) =>
  Effect.map(person.get("/api/songs/my-songs"), (a) => a.body as ReadonlyArray<Song>)

describeApp({ env, config })("operations rendered by the offline engine", (it) => {
  it.effect("extend a song it made: new songs that name their origin, the source unchanged", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("extender")
      // The sign-up credits are granted by a reaction.
      yield* settle
      const made = yield* person.post("/api/generate-song", {
        title: "Harbour",
        style: "upbeat pop with female vocals",
        lyrics: "[Verse]\nLights on the harbour\nBoats coming home",
      })
      const first = yield* finish(person, (made.body as { taskId: string }).taskId)
      expect(first.status).toBe("SUCCESS")
      const source = (yield* mySongs(person)).find((s) => s.title === "Harbour (Version 1)")!

      const started = yield* person.post(`/api/songs/${source.id}/extend`, {
        lyrics: "[Chorus]\nCome home, come home",
      })
      expect(started.status).toBe(200)
      expect(yield* balanceOf(person)).toBe(1)
      const taskId = (started.body as { taskId: string }).taskId
      const status = yield* finish(person, taskId)
      expect(status.status).toBe("SUCCESS")
      expect(status.songs).toHaveLength(2)

      const songs = yield* mySongs(person)
      const extended = songs.filter((s) => s.title.startsWith("Harbour (Extended) (Version"))
      expect(extended).toHaveLength(2)
      for (const song of extended) {
        expect(song.origin).toEqual({
          operation: "extend",
          songId: source.id,
          title: "Harbour (Version 1)",
        })
        // The source up to its last bar, then at least a line of the continuation.
        expect(song.duration).toBeGreaterThan(source.duration + 2000)
        expect(song.lyrics).toContain("Lights on the harbour")
        expect(song.lyrics).toContain("Come home, come home")
      }
      expect(songs.find((s) => s.id === source.id)).toEqual(source)
      // Every engine version keeps its facts, so an extension can itself be reshaped.
      const storage = yield* FileStorage
      const stored = yield* storage.read(versionKeys(taskId, 1).facts)
      const facts = JSON.parse(yield* Effect.promise(() => text(stored))) as {
        sections: ReadonlyArray<{ label: string }>
      }
      expect(facts.sections.length).toBeGreaterThanOrEqual(2)
      const sections = yield* person.get(`/api/songs/${extended[0]!.id}/sections`)
      expect((sections.body as ReadonlyArray<unknown>).length).toBe(facts.sections.length)
      // Its words are timed, the source's and the continuation's: karaoke and lyric videos follow it.
      const lrc = yield* person.get(extended[0]!.lrcUrl!)
      const words = (line: string) => line.replace(/\[[^\]]*\]|<[^>]*>/g, " ").split(/\s+/)
      const sung = lrc.text
        .split("\n")
        .filter((line) => /^\[\d\d:\d\d\.\d\d\]/.test(line))
        .map((line) => words(line).filter(Boolean).join(" "))
      expect(sung).toContain("Lights on the harbour")
      expect(sung.at(-1)).toBe("Come home, come home")
      // And its MIDI file, joined from the source's and the continuation's.
      const midi = yield* person.get(extended[0]!.midiUrl!)
      expect(midi.status).toBe(200)
      expect(Buffer.from(midi.bytes.subarray(0, 4)).toString()).toBe("MThd")

      // And its stems: the source played again part by part, joined with the continuation's parts.
      const stemsPath = `/api/songs/${extended[0]!.id}/stems`
      expect((yield* person.post(stemsPath)).status).toBe(200)
      let stems = { status: "making", downloadUrl: null as string | null }
      for (let round = 0; round < 300 && stems.status === "making"; round++) {
        yield* runJobs
        yield* Effect.sleep("100 millis")
        stems = (yield* person.get(stemsPath)).body as typeof stems
      }
      expect(stems.status).toBe("ready")
      const zip = yield* entriesOf((yield* person.get(stems.downloadUrl!)).bytes)
      expect(zip.map((entry) => entry.name)).toEqual(
        ["Vocals", "Drums", "Bass", "Harmony", "Lead"].map(
          (part) => `Harbour (Extended) - ${part}.wav`,
        ),
      )
      const sizes = new Set(zip.map((entry) => entry.size))
      expect(sizes.size).toBe(1)
      // 16-bit stereo at 44.1 kHz, as long as the extension (to the millisecond of its duration).
      const seconds = ([...sizes][0]! - 44) / 4 / 44_100
      expect(Math.abs(seconds * 1000 - extended[0]!.duration)).toBeLessThan(5)
    }),
  )

  it.effect(
    "fail once at the render in our words, give the credits back once, and tell admins why",
    () =>
      Effect.gen(function* () {
        const { person: admin } = yield* signUpAdmin("engine", adminEmail)
        const { person, user } = yield* signUp("unlucky")
        // Facts whose engine record the engine cannot read: the render fails after the debit.
        const { songId } = yield* seedEngineSong(user.id, "Broken", {
          durationMs: 20_000,
          endMs: 18_000,
          barMs: 2_000,
          sections: [{ label: "[Verse]", startMs: 4_000, endMs: 12_000, lines: ["Broken"] }],
          voice: { gender: "female", delivery: "sing" },
          engine: { not: "a record" },
        })
        const started = yield* person.post(`/api/songs/${songId}/restyle`, { style: "jazz" })
        expect(yield* balanceOf(person)).toBe(5)
        const taskId = (started.body as { taskId: string }).taskId
        const status = yield* finish(person, taskId)
        expect(status.status).toBe("GENERATE_AUDIO_FAILED")
        // The engine died with a stack of file paths: the person reads our sentence, admins the stack.
        expect(status.error).toBe("The cover could not be made.")
        expect(status.creditRefund).toEqual({ refunded: true, amount: 5 })
        yield* settle
        const errors = (yield* admin.get("/api/admin/errors")).body as {
          items: ReadonlyArray<{ error: string; stack: string | null; context: object }>
        }
        const cause = errors.items.find(
          (e) => JSON.stringify(e.context).includes(taskId) && e.stack,
        )
        expect(cause?.error).toContain("the engine exited with 1")
        expect(cause?.stack).toMatch(/at .*\/stand-ins\/music-engine\/.*\.ts:\d+/)
        yield* runJobs
        expect(yield* balanceOf(person)).toBe(10)
        const usage = (yield* person.get("/api/credits/usage")).body as ReadonlyArray<{
          type: string
        }>
        expect(usage.map((u) => u.type)).toEqual(["refund", "song_restyle"])
      }),
  )
})
