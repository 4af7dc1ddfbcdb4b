import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type browser, describeApp, request, settle, signUp } from "#app/testing.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import { mediaStreams, SongGenerationRequested } from "#events/contracts/media.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import type { RenderFacts } from "../ports.ts"

type Browser = ReturnType<typeof browser>

const facts = (voice: RenderFacts["voice"]): RenderFacts => ({
  durationMs: 40_000,
  endMs: 36_000,
  barMs: 2_000,
  sections: [{ label: "[Verse]", startMs: 8_000, endMs: 24_000, lines: ["Paper boats"] }],
  voice,
  engine: {},
})
const rapper = facts({ gender: "male", delivery: "rap" })

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "20",
  GENERATIONS_PER_HOUR: "100",
  GENERATIONS_PER_ADDRESS: "100",
}
const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }

const keep = (person: Browser, body: object) => person.post("/api/voices", body)

/** The voice a started song's request carries. */
const requestedVoice = (taskId: string) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const events = yield* store.readStream(mediaStreams.generation(taskId))
    const [requested] = yield* decodeAll(SongGenerationRequested)(events.slice(0, 1))
    return requested!.event.voice
  })

describeApp({ env, config })("kept voices", (it) => {
  it.effect("are kept free from one's own song, listed newest first, and forgotten", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("keeper")
      const { songId } = yield* seedEngineSong(user.id, "Street Talk", rapper)
      const kept = yield* keep(person, { songId, name: "MC Harbour", description: "Low, fast" })
      expect(kept.status).toBe(201)
      expect(kept.body).toMatchObject({
        name: "MC Harbour",
        description: "Low, fast",
        songId,
        songTitle: "Street Talk (Version 1)",
        style: "upbeat pop with female vocals",
        singer: { gender: "male", delivery: "rap" },
      })
      const second = yield* keep(person, { songId, name: "Second" })
      expect(second.status).toBe(201)
      const listed = (yield* person.get("/api/voices")).body as ReadonlyArray<{ name: string }>
      expect(listed.map((v) => v.name)).toEqual(["Second", "MC Harbour"])
      yield* settle
      expect(((yield* person.get("/api/credits")).body as { credits: number }).credits).toBe(20)

      const id = (kept.body as { id: string }).id
      expect((yield* person.send(`/api/voices/${id}`, { method: "DELETE" })).status).toBe(204)
      expect((yield* person.send(`/api/voices/${id}`, { method: "DELETE" })).status).toBe(404)
      const after = (yield* person.get("/api/voices")).body as ReadonlyArray<{ name: string }>
      expect(after.map((v) => v.name)).toEqual(["Second"])
    }),
  )

  it.effect("refuse a name used twice, an instrumental, a song of another maker, bad input", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("picky")
      const { songId } = yield* seedEngineSong(user.id, "Singer", rapper)
      const { songId: quiet } = yield* seedEngineSong(user.id, "Quiet", facts(null))
      yield* keep(person, { songId, name: "Alto" })
      const twice = yield* keep(person, { songId, name: " alto " })
      expect(twice.status).toBe(400)
      expect(twice.body).toMatchObject({ message: 'You already have a voice called "alto".' })
      const instrumental = yield* keep(person, { songId: quiet, name: "Nobody" })
      expect(instrumental.status).toBe(422)
      expect(instrumental.body).toMatchObject({
        message: "This song is an instrumental: there is no voice in it to keep.",
      })
      yield* seedGeneration(user.id, "Elsewhere", 1)
      const songs = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<{
        id: string
        title: string
      }>
      const elsewhere = songs.find((s) => s.title.startsWith("Elsewhere"))!.id
      expect((yield* keep(person, { songId: elsewhere, name: "Other" })).status).toBe(422)
      const unnamed = yield* keep(person, { songId, name: "" })
      expect(unnamed.status).toBe(400)
      expect(JSON.stringify(unnamed.body)).toContain("Name is required")
      const long = yield* keep(person, { songId, name: "x".repeat(41) })
      expect(JSON.stringify(long.body)).toContain("Name must be at most 40 characters")
      const listed = (yield* person.get("/api/voices")).body as ReadonlyArray<unknown>
      expect(listed).toHaveLength(1)
    }),
  )

  it.effect("are private: nobody else can see, use, forget or keep from another's song", () =>
    Effect.gen(function* () {
      const { person: owner, user } = yield* signUp("private")
      const { person: other } = yield* signUp("nosy")
      const { songId } = yield* seedEngineSong(user.id, "Mine", rapper)
      const kept = yield* keep(owner, { songId, name: "Mine" })
      const id = (kept.body as { id: string }).id
      expect((yield* other.get("/api/voices")).body).toEqual([])
      expect((yield* other.send(`/api/voices/${id}`, { method: "DELETE" })).status).toBe(404)
      expect((yield* keep(other, { songId, name: "Stolen" })).status).toBe(404)
      const used = yield* other.post("/api/generate-song", {
        title: "Borrowed",
        style: "pop",
        lyrics: "[Verse]\nNot mine",
        voiceId: id,
      })
      expect(used.status).toBe(404)
      expect(used.body).toMatchObject({ message: "This voice does not exist, or it is private." })
      yield* settle
      expect(((yield* other.get("/api/credits")).body as { credits: number }).credits).toBe(20)
      expect((yield* request("/api/voices")).status).toBe(401)
      expect((yield* owner.get("/api/voices")).body).toHaveLength(1)
    }),
  )

  it.effect("kept from a song since deleted no longer name it, and still sing", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("forgetful")
      const { songId } = yield* seedEngineSong(user.id, "Diary Of A Secret", rapper)
      const kept = yield* keep(person, { songId, name: "Diarist" })
      const voiceId = (kept.body as { id: string }).id
      expect((yield* person.send(`/api/songs/${songId}`, { method: "DELETE" })).status).toBe(200)
      yield* settle
      const listed = (yield* person.get("/api/voices")).body as ReadonlyArray<object>
      expect(listed).toEqual([
        expect.objectContaining({ id: voiceId, name: "Diarist", songId: null, songTitle: null }),
      ])
      expect(JSON.stringify(listed)).not.toContain("Diary Of A Secret")
      const sung = yield* person.post("/api/generate-song", {
        title: "Later",
        style: "pop",
        lyrics: "[Verse]\nStill here",
        voiceId,
      })
      expect(sung.status).toBe(200)
    }),
  )

  it.effect("sing the songs, extensions and covers their owner chooses them for", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("chooser")
      const { songId } = yield* seedEngineSong(user.id, "Source", rapper)
      const voiceId = ((yield* keep(person, { songId, name: "Rapper" })).body as { id: string }).id
      const singer = { voiceId, name: "Rapper", singer: { gender: "male", delivery: "rap" } }
      const started = [
        yield* person.post("/api/generate-song", {
          title: "Next",
          style: "pop, female vocals",
          lyrics: "[Verse]\nA new one",
          voiceId,
        }),
        yield* person.post(`/api/songs/${songId}/extend`, { lyrics: "More", voiceId }),
        yield* person.post(`/api/songs/${songId}/restyle`, { style: "jazz", voiceId }),
      ]
      for (const answer of started) {
        expect(answer.status).toBe(200)
        expect(yield* requestedVoice((answer.body as { taskId: string }).taskId)).toEqual(singer)
      }
      const plain = yield* person.post("/api/generate-song", {
        title: "Plain",
        style: "pop",
        lyrics: "[Verse]\nNobody chosen",
      })
      expect(yield* requestedVoice((plain.body as { taskId: string }).taskId)).toBeNull()
    }),
  )
})
