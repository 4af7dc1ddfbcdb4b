import { join } from "node:path"
import { text } from "node:stream/consumers"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, runJobs, settle, signUpAdmin } from "#app/testing.ts"
import { type ApiClient, clientOf, firstPage, signedUpWithClient } from "#app/testing-client.ts"
import { seedEngineSong } from "#app/testing-songs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { entriesOf } from "#toolkit/test-zip.ts"
import { GenerateSongPayload, type SongStatus, type StemsStatus } from "../api.ts"
import { versionKeys } from "../makers/music-maker.ts"

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
const finish = (api: ApiClient, taskId: string) =>
  Effect.gen(function* () {
    let status: SongStatus | undefined
    for (let round = 0; round < 600; round++) {
      yield* runJobs
      yield* settle
      status = yield* api.media.songStatus({ urlParams: { taskId } })
      if (status.status === "SUCCESS" || /FAILED|TIMEOUT/.test(status.status)) return status
      yield* Effect.sleep("200 millis")
    }
    return yield* Effect.die(new Error(`the task did not end: ${JSON.stringify(status)}`))
  })

/** A signed-in person: their browser, and the API's client as them. */
describeApp({ env, config })("operations rendered by the offline engine", (it) => {
  it.effect("extend a song it made: new songs that name their origin, the source unchanged", () =>
    Effect.gen(function* () {
      const { person, api } = yield* signedUpWithClient("extender")
      // The sign-up credits are granted by a reaction.
      yield* settle
      const made = yield* api.media.generateSong({
        payload: GenerateSongPayload.make({
          title: "Harbour",
          style: "upbeat pop with female vocals",
          lyrics: "[Verse]\nLights on the harbour\nBoats coming home",
        }),
      })
      const first = yield* finish(api, made.taskId)
      expect(first.status).toBe("SUCCESS")
      const source = (yield* api.songs.mySongs()).find((s) => s.title === "Harbour (Version 1)")!

      const { taskId } = yield* api.reshaping.extend({
        path: { songId: source.id },
        payload: { lyrics: "[Chorus]\nCome home, come home" },
      })
      expect(yield* balanceOf(person)).toBe(1)
      const status = yield* finish(api, taskId)
      expect(status.status).toBe("SUCCESS")
      expect(status.songs).toHaveLength(2)

      const songs = yield* api.songs.mySongs()
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
      const sections = yield* api.reshaping.sections({ path: { songId: extended[0]!.id } })
      expect(sections.length).toBe(facts.sections.length)
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
      const stemsPath = { id: extended[0]!.id }
      yield* api.stems.make({ path: stemsPath })
      let stems: Pick<StemsStatus, "status" | "downloadUrl"> = {
        status: "making",
        downloadUrl: null,
      }
      for (let round = 0; round < 300 && stems.status === "making"; round++) {
        yield* runJobs
        yield* Effect.sleep("100 millis")
        stems = yield* api.stems.status({ path: stemsPath })
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
        const admin = yield* clientOf((yield* signUpAdmin("engine", adminEmail)).person)
        const { person, api, user } = yield* signedUpWithClient("unlucky")
        // Facts whose engine record the engine cannot read: the render fails after the debit.
        const { songId } = yield* seedEngineSong(user.id, "Broken", {
          durationMs: 20_000,
          endMs: 18_000,
          barMs: 2_000,
          sections: [{ label: "[Verse]", startMs: 4_000, endMs: 12_000, lines: ["Broken"] }],
          voice: { gender: "female", delivery: "sing" },
          engine: { not: "a record" },
        })
        const { taskId } = yield* api.reshaping.restyle({
          path: { songId },
          payload: { style: "jazz" },
        })
        expect(yield* balanceOf(person)).toBe(5)
        const status = yield* finish(api, taskId)
        expect(status.status).toBe("GENERATE_AUDIO_FAILED")
        // The engine died with a stack of file paths: the person reads our sentence, admins the stack.
        expect(status.error).toBe("The song could not be restyled.")
        expect(status.creditRefund).toEqual({ refunded: true, amount: 5 })
        yield* settle
        const errors = yield* admin.admin.errors({ urlParams: firstPage })
        const cause = errors.items.find(
          (e) => JSON.stringify(e.context).includes(taskId) && e.stack,
        )
        expect(cause?.error).toContain("the engine exited with 1")
        expect(cause?.stack).toMatch(/at .*\/stand-ins\/music-engine\/.*\.ts:\d+/)
        yield* runJobs
        expect(yield* balanceOf(person)).toBe(10)
        const usage = yield* api.creditLedger.usage()
        expect(usage.map((u) => u.type)).toEqual(["refund", "song_restyle"])
      }),
  )
})
