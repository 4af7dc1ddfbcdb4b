import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, request, runJobs, settle } from "#app/testing.ts"
import { type ApiClient, signedUpWithClient } from "#app/testing-client.ts"
import { withFakeMusicApi } from "#app/testing-music-api.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import { GenerateSongPayload } from "../api.ts"
import type { RenderFacts } from "../ports.ts"

const { fake, env, config } = await withFakeMusicApi({ SIGNUP_CREDITS: "30" })

/** A 40 s song with a stored MP3 where a maker keeps its versions. */
const facts: RenderFacts = {
  durationMs: 40_000,
  endMs: 36_000,
  barMs: 2_000,
  sections: [{ label: "[Verse]", startMs: 8_000, endMs: 24_000, lines: ["Lights on the water"] }],
  voice: { gender: "female", delivery: "sing" },
  engine: {},
}

/** A signed-in person: their browser, and the API's client as them. */
const finish = (api: ApiClient, taskId: string) =>
  Effect.gen(function* () {
    for (let round = 0; round < 200; round++) {
      yield* runJobs
      yield* settle
      const status = yield* api.media.songStatus({ urlParams: { taskId } })
      if (status.status === "SUCCESS" || /FAILED|ERROR/.test(status.status)) return status
      yield* Effect.sleep("100 millis")
    }
    return yield* Effect.die(new Error("the task did not end"))
  })

/** The fake's newest task: what our adapter asked it for. */
const lastTask = () => [...fake.tasks.values()].at(-1)!

describeApp({ env, config })("operations with the music API", (it) => {
  it.effect(
    "extend, restyle and re-sing a stretch from our stored copy, which the API fetches",
    () =>
      Effect.gen(function* () {
        const { person, api, user } = yield* signedUpWithClient("api")
        const offered = yield* api.reshaping.operations()
        expect(offered.maker).toBe("music-api")
        expect(offered.operations.map((o) => o.operation)).toEqual([
          "extend",
          "replace-section",
          "restyle",
        ])
        const { songId, versionId } = yield* seedEngineSong(user.id, "Harbour Lights", facts)
        const path = { songId }
        const asks = [
          api.reshaping.extend({
            path,
            payload: { lyrics: "[Verse]\nThe boats come home", atSeconds: 30 },
          }),
          api.reshaping.restyle({ path, payload: { style: "as a jazz ballad" } }),
          api.reshaping.replaceSection({
            path,
            payload: { lyrics: "New lines here", startSeconds: 8, endSeconds: 20 },
          }),
        ]
        const expected = [
          {
            operationType: "upload_extend",
            continueAt: 30,
            prompt: "[Verse]\nThe boats come home",
          },
          { operationType: "upload_cover", style: "as a jazz ballad" },
          {
            operationType: "replace_section",
            infillStartS: 8,
            infillEndS: 20,
            tags: "upbeat pop with female vocals",
          },
        ]
        for (const [i, ask] of asks.entries()) {
          // Every callback of these tasks comes twice: nothing is saved or charged twice.
          fake.planNext({ callbacks: "twice" })
          const started = yield* ask
          const status = yield* finish(api, started.taskId)
          expect(status.status).toBe("SUCCESS")
          const { operationType, ...fields } = expected[i]!
          const task = lastTask()
          expect(task.operationType).toBe(operationType)
          expect(task.body).toMatchObject({ ...fields, model: "V4_5ALL" })
          expect(String(task.body.uploadUrl)).toContain(`/api/media/sources/`)
          expect(String(task.body.uploadUrl)).toContain(`${versionId}.mp3`)
        }
        expect(yield* balanceOf(person)).toBe(15)
        const songs = yield* api.songs.mySongs()
        expect(
          songs
            .filter((s) => s.origin !== null)
            .map((s) => s.title)
            .sort(),
        ).toEqual([
          "Harbour Lights (Extended) (Version 1)",
          "Harbour Lights (Extended) (Version 2)",
          "Harbour Lights (Jazz ballad restyle) (Version 1)",
          "Harbour Lights (Jazz ballad restyle) (Version 2)",
          "Harbour Lights (New section) (Version 1)",
          "Harbour Lights (New section) (Version 2)",
        ])
      }),
  )

  it.effect(
    "give our copy only to a signed link, and refund once when the API cannot fetch it",
    () =>
      Effect.gen(function* () {
        const { person, api, user } = yield* signedUpWithClient("unfetched")
        const { versionId } = yield* seedEngineSong(user.id, "Signed", facts)
        expect(
          (yield* request(`/api/media/sources/${"0".repeat(32)}/${versionId}.mp3`)).status,
        ).toBe(404)
        // A version kept where no maker keeps its audio: no link to it opens.
        yield* seedGeneration(user.id, "Elsewhere", 1)
        const songs = yield* api.songs.mySongs()
        const elsewhere = songs.find((s) => s.title.startsWith("Elsewhere"))!.id
        const started = yield* api.reshaping.restyle({
          path: { songId: elsewhere },
          payload: { style: "rock" },
        })
        const status = yield* finish(api, started.taskId)
        expect(status).toMatchObject({
          status: "CREATE_TASK_FAILED",
          creditRefund: { refunded: true, amount: 5 },
        })
        yield* runJobs
        expect(yield* balanceOf(person)).toBe(30)
      }),
  )

  it.effect("refuse what the API cannot do before anything is paid", () =>
    Effect.gen(function* () {
      const { person, api, user } = yield* signedUpWithClient("short")
      const { songId } = yield* seedEngineSong(user.id, "Short", facts)
      const path = { songId }
      const answer = yield* Effect.flip(
        api.reshaping.replaceSection({
          path,
          payload: { lyrics: "Too short", startSeconds: 8, endSeconds: 10 },
        }),
      )
      expect(answer).toMatchObject({
        _tag: "InvalidOperation",
        message: "The music API replaces 6 to 60 seconds at a time.",
      })
      const fromStart = yield* Effect.flip(
        api.reshaping.extend({ path, payload: { lyrics: "More", atSeconds: 0 } }),
      )
      expect(fromStart).toMatchObject({
        _tag: "InvalidOperation",
        message: "The music API continues a song from a point after its start: choose a later one.",
      })
      for (const lyrics of ["[Chorus]", "...\n!?"]) {
        const nothing = yield* Effect.flip(api.reshaping.extend({ path, payload: { lyrics } }))
        expect(nothing._tag).toBe("NothingToSing")
        const generated = yield* Effect.flip(
          api.media.generateSong({
            payload: GenerateSongPayload.make({ title: "Quiet", style: "pop", lyrics }),
          }),
        )
        expect(generated._tag).toBe("NothingToSing")
      }
      expect(yield* balanceOf(person)).toBe(30)
      // The music API sings words in any script.
      yield* api.reshaping.extend({ path, payload: { lyrics: "Привет, мир" } })
    }),
  )

  it.effect("keep a voice as the API's persona, and name it in the songs it sings", () =>
    Effect.gen(function* () {
      const { api, user } = yield* signedUpWithClient("persona")
      yield* settle
      const made = yield* api.media.generateSong({
        payload: GenerateSongPayload.make({
          title: "Tide",
          style: "soul, female vocals",
          lyrics: "[Verse]\nThe tide comes in",
        }),
      })
      const first = yield* finish(api, made.taskId)
      expect(first.status).toBe("SUCCESS")
      const task = lastTask()
      const songs = yield* api.songs.mySongs()
      const songId = songs.find((s) => s.title === "Tide (Version 1)")!.id
      const keep = (songId: string, name: string) =>
        api.voices.keep({ payload: { songId, name, description: "" } })
      // Answered 201: the typed client reads a success only at the status the contract gives it.
      const kept = yield* keep(songId, "Tide singer")
      expect(kept).toMatchObject({ singer: { gender: "female", delivery: "sing" } })
      expect(fake.personas.size).toBe(1)
      const [personaId] = [...fake.personas]
      const voiceId = kept.id
      for (const sing of [
        api.media.generateSong({
          payload: GenerateSongPayload.make({
            title: "Next",
            style: "soul",
            lyrics: "[Verse]\nAgain",
            voiceId,
          }),
        }),
        api.reshaping.restyle({ path: { songId }, payload: { style: "gospel", voiceId } }),
      ]) {
        const started = yield* sing
        yield* finish(api, started.taskId)
        expect(lastTask()).not.toBe(task)
        expect(lastTask().body.personaId).toBe(personaId)
      }
      // A song the API did not make has no track of its to keep the voice of.
      const { songId: elsewhere } = yield* seedEngineSong(user.id, "Offline", facts)
      const refused = yield* Effect.flip(keep(elsewhere, "Other"))
      expect(refused).toMatchObject({
        _tag: "VoiceUnavailable",
        message: "The music API can't keep the voice of a song it did not make.",
      })
      // What the service says of a refusal is not the person's to read.
      fake.refuseNext({ code: 500, msg: "persona store at /srv/personas/db.sqlite is locked" })
      const failed = yield* Effect.flip(keep(songId, "Second try"))
      expect(failed).toMatchObject({
        _tag: "VoiceUnavailable",
        message: "The music API could not keep this voice. Please try again later.",
      })
    }),
  )
})
