import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  balanceOf,
  type browser,
  describeApp,
  request,
  runJobs,
  settle,
  signUp,
} from "#app/testing.ts"
import { withFakeMusicApi } from "#app/testing-music-api.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import type { RenderFacts } from "../ports.ts"

type Browser = ReturnType<typeof browser>

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

const finish = (person: Browser, taskId: string) =>
  Effect.gen(function* () {
    for (let round = 0; round < 200; round++) {
      yield* runJobs
      yield* settle
      const status = (yield* person.get(`/api/check-song-status?taskId=${taskId}`)).body as {
        status: string
        creditRefund: unknown
      }
      if (status.status === "SUCCESS" || /FAILED|ERROR/.test(status.status)) return status
      yield* Effect.sleep("100 millis")
    }
    return yield* Effect.die(new Error("the task did not end"))
  })

/** The fake's newest task: what our adapter asked it for. */
const lastTask = () => [...fake.tasks.values()].at(-1)!

describeApp({ env, config })("operations with the music API", (it) => {
  it.effect("extend, cover and re-sing a stretch from our stored copy, which the API fetches", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("api")
      const offered = (yield* person.get("/api/song-operations")).body as {
        maker: string
        operations: ReadonlyArray<{ operation: string }>
      }
      expect(offered.maker).toBe("music-api")
      expect(offered.operations.map((o) => o.operation)).toEqual([
        "extend",
        "replace-section",
        "restyle",
      ])
      const { songId, versionId } = yield* seedEngineSong(user.id, "Harbour Lights", facts)
      const asks = [
        ["extend", { lyrics: "[Verse]\nThe boats come home", atSeconds: 30 }],
        ["restyle", { style: "as a jazz ballad" }],
        ["replace-section", { lyrics: "New lines here", startSeconds: 8, endSeconds: 20 }],
      ] as const
      const expected = [
        { operationType: "upload_extend", continueAt: 30, prompt: "[Verse]\nThe boats come home" },
        { operationType: "upload_cover", style: "as a jazz ballad" },
        {
          operationType: "replace_section",
          infillStartS: 8,
          infillEndS: 20,
          tags: "upbeat pop with female vocals",
        },
      ]
      for (const [i, [operation, body]] of asks.entries()) {
        // Every callback of these tasks comes twice: nothing is saved or charged twice.
        fake.planNext({ callbacks: "twice" })
        const started = yield* person.post(`/api/songs/${songId}/${operation}`, body)
        expect(started.status).toBe(200)
        const status = yield* finish(person, (started.body as { taskId: string }).taskId)
        expect(status.status).toBe("SUCCESS")
        const { operationType, ...fields } = expected[i]!
        const task = lastTask()
        expect(task.operationType).toBe(operationType)
        expect(task.body).toMatchObject({ ...fields, model: "V4_5ALL" })
        expect(String(task.body.uploadUrl)).toContain(`/api/media/sources/`)
        expect(String(task.body.uploadUrl)).toContain(`${versionId}.mp3`)
      }
      expect(yield* balanceOf(person)).toBe(15)
      const songs = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<{
        title: string
        origin: { operation: string } | null
      }>
      expect(
        songs
          .filter((s) => s.origin !== null)
          .map((s) => s.title)
          .sort(),
      ).toEqual([
        "Harbour Lights (Extended) (Version 1)",
        "Harbour Lights (Extended) (Version 2)",
        "Harbour Lights (Jazz ballad cover) (Version 1)",
        "Harbour Lights (Jazz ballad cover) (Version 2)",
        "Harbour Lights (New section) (Version 1)",
        "Harbour Lights (New section) (Version 2)",
      ])
    }),
  )

  it.effect(
    "give our copy only to a signed link, and refund once when the API cannot fetch it",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("unfetched")
        const { versionId } = yield* seedEngineSong(user.id, "Signed", facts)
        expect(
          (yield* request(`/api/media/sources/${"0".repeat(32)}/${versionId}.mp3`)).status,
        ).toBe(404)
        // A version kept where no maker keeps its audio: no link to it opens.
        yield* seedGeneration(user.id, "Elsewhere", 1)
        const songs = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<{
          id: string
          title: string
        }>
        const elsewhere = songs.find((s) => s.title.startsWith("Elsewhere"))!.id
        const started = yield* person.post(`/api/songs/${elsewhere}/restyle`, { style: "rock" })
        expect(started.status).toBe(200)
        const status = yield* finish(person, (started.body as { taskId: string }).taskId)
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
      const { person, user } = yield* signUp("short")
      const { songId } = yield* seedEngineSong(user.id, "Short", facts)
      const answer = yield* person.post(`/api/songs/${songId}/replace-section`, {
        lyrics: "Too short",
        startSeconds: 8,
        endSeconds: 10,
      })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({
        message: "The music API replaces 6 to 60 seconds at a time.",
      })
      const fromStart = yield* person.post(`/api/songs/${songId}/extend`, {
        lyrics: "More",
        atSeconds: 0,
      })
      expect(fromStart.status).toBe(400)
      expect(fromStart.body).toMatchObject({
        _tag: "InvalidOperation",
        message: "The music API continues a song from a point after its start: choose a later one.",
      })
      for (const lyrics of ["[Chorus]", "...\n!?"]) {
        const nothing = yield* person.post(`/api/songs/${songId}/extend`, { lyrics })
        expect(nothing.status).toBe(400)
        expect(nothing.body).toMatchObject({ _tag: "NothingToSing" })
        const generated = yield* person.post("/api/generate-song", {
          title: "Quiet",
          style: "pop",
          lyrics,
        })
        expect(generated.status).toBe(400)
        expect(generated.body).toMatchObject({ _tag: "NothingToSing" })
      }
      expect(yield* balanceOf(person)).toBe(30)
      // The music API sings words in any script.
      const sung = yield* person.post(`/api/songs/${songId}/extend`, { lyrics: "Привет, мир" })
      expect(sung.status).toBe(200)
    }),
  )

  it.effect("keep a voice as the API's persona, and name it in the songs it sings", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("persona")
      yield* settle
      const made = yield* person.post("/api/generate-song", {
        title: "Tide",
        style: "soul, female vocals",
        lyrics: "[Verse]\nThe tide comes in",
      })
      const first = yield* finish(person, (made.body as { taskId: string }).taskId)
      expect(first.status).toBe("SUCCESS")
      const task = lastTask()
      const songs = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<{
        id: string
        title: string
      }>
      const songId = songs.find((s) => s.title === "Tide (Version 1)")!.id
      const kept = yield* person.post("/api/voices", { songId, name: "Tide singer" })
      expect(kept.status).toBe(201)
      expect(kept.body).toMatchObject({ singer: { gender: "female", delivery: "sing" } })
      expect(fake.personas.size).toBe(1)
      const [personaId] = [...fake.personas]
      const voiceId = (kept.body as { id: string }).id
      for (const [path, body] of [
        ["/api/generate-song", { title: "Next", style: "soul", lyrics: "[Verse]\nAgain", voiceId }],
        [`/api/songs/${songId}/restyle`, { style: "gospel", voiceId }],
      ] as const) {
        const started = yield* person.post(path, body)
        expect(started.status).toBe(200)
        yield* finish(person, (started.body as { taskId: string }).taskId)
        expect(lastTask()).not.toBe(task)
        expect(lastTask().body.personaId).toBe(personaId)
      }
      // A song the API did not make has no track of its to keep the voice of.
      const { songId: elsewhere } = yield* seedEngineSong(user.id, "Offline", facts)
      const refused = yield* person.post("/api/voices", { songId: elsewhere, name: "Other" })
      expect(refused.status).toBe(422)
      expect(refused.body).toMatchObject({
        message: "The music API can't keep the voice of a song it did not make.",
      })
      // What the service says of a refusal is not the person's to read.
      fake.refuseNext({ code: 500, msg: "persona store at /srv/personas/db.sqlite is locked" })
      const failed = yield* person.post("/api/voices", { songId, name: "Second try" })
      expect(failed.status).toBe(422)
      expect(failed.body).toMatchObject({
        message: "The music API could not keep this voice. Please try again later.",
      })
    }),
  )
})
