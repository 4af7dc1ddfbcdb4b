import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type browser, describeApp, request, settle } from "#app/testing.ts"
import { type ApiClient, decodeBody, signedUpWithClient } from "#app/testing-client.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import { mediaStreams, SongGenerationRequested } from "#events/contracts/media.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { GenerateSongPayload, InvalidVoice, VoiceUnavailable } from "../api.ts"
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

/** A signed-in person: their browser, and the API's client as them. */
const keep = (api: ApiClient, payload: { songId: string; name: string; description?: string }) =>
  api.voices.keep({ payload: { description: "", ...payload } })

/** What the contract refuses before it leaves (names untrimmed, empty, too long), sent as it is. */
const keepRaw = (person: Browser, body: object) => person.post("/api/voices", body)

const credits = (api: ApiClient) => Effect.map(api.creditLedger.credits(), (view) => view.credits)

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
      const { api, user } = yield* signedUpWithClient("keeper")
      const { songId } = yield* seedEngineSong(user.id, "Street Talk", rapper)
      // Answered 201: the typed client reads a success only at the status the contract gives it.
      const kept = yield* keep(api, { songId, name: "MC Harbour", description: "Low, fast" })
      expect(kept).toMatchObject({
        name: "MC Harbour",
        description: "Low, fast",
        songId,
        songTitle: "Street Talk (Version 1)",
        style: "upbeat pop with female vocals",
        singer: { gender: "male", delivery: "rap" },
      })
      yield* keep(api, { songId, name: "Second" })
      const listed = yield* api.voices.list()
      expect(listed.map((v) => v.name)).toEqual(["Second", "MC Harbour"])
      yield* settle
      expect(yield* credits(api)).toBe(20)

      // Answered 204, then 404.
      yield* api.voices.forget({ path: { voiceId: kept.id } })
      const again = yield* Effect.flip(api.voices.forget({ path: { voiceId: kept.id } }))
      expect(again._tag).toBe("NotFound")
      const after = yield* api.voices.list()
      expect(after.map((v) => v.name)).toEqual(["Second"])
    }),
  )

  it.effect("refuse a name used twice, an instrumental, a song of another maker, bad input", () =>
    Effect.gen(function* () {
      const { person, api, user } = yield* signedUpWithClient("picky")
      const { songId } = yield* seedEngineSong(user.id, "Singer", rapper)
      const { songId: quiet } = yield* seedEngineSong(user.id, "Quiet", facts(null))
      yield* keep(api, { songId, name: "Alto" })
      // Untrimmed, which the contract trims on the server's side only.
      const twice = yield* keepRaw(person, { songId, name: " alto " })
      expect(twice.status).toBe(400)
      expect(decodeBody(InvalidVoice, twice).message).toBe(
        'You already have a voice called "alto".',
      )
      const instrumental = yield* Effect.flip(keep(api, { songId: quiet, name: "Nobody" }))
      expect(instrumental).toMatchObject({
        _tag: "VoiceUnavailable",
        message: "This song is an instrumental: there is no voice in it to keep.",
      })
      yield* seedGeneration(user.id, "Elsewhere", 1)
      const songs = yield* api.songs.mySongs()
      const elsewhere = songs.find((s) => s.title.startsWith("Elsewhere"))!.id
      const other = yield* Effect.flip(keep(api, { songId: elsewhere, name: "Other" }))
      expect(other).toBeInstanceOf(VoiceUnavailable)
      const unnamed = yield* keepRaw(person, { songId, name: "" })
      expect(unnamed.status).toBe(400)
      expect(JSON.stringify(unnamed.body)).toContain("Name is required")
      const long = yield* keepRaw(person, { songId, name: "x".repeat(41) })
      expect(JSON.stringify(long.body)).toContain("Name must be at most 40 characters")
      expect(yield* api.voices.list()).toHaveLength(1)
    }),
  )

  it.effect("are private: nobody else can see, use, forget or keep from another's song", () =>
    Effect.gen(function* () {
      const { api: owner, user } = yield* signedUpWithClient("private")
      const { api: other } = yield* signedUpWithClient("nosy")
      const { songId } = yield* seedEngineSong(user.id, "Mine", rapper)
      const { id } = yield* keep(owner, { songId, name: "Mine" })
      expect(yield* other.voices.list()).toEqual([])
      const forgotten = yield* Effect.flip(other.voices.forget({ path: { voiceId: id } }))
      expect(forgotten._tag).toBe("NotFound")
      const stolen = yield* Effect.flip(keep(other, { songId, name: "Stolen" }))
      expect(stolen._tag).toBe("NotFound")
      const used = yield* Effect.flip(
        other.media.generateSong({
          payload: GenerateSongPayload.make({
            title: "Borrowed",
            style: "pop",
            lyrics: "[Verse]\nNot mine",
            voiceId: id,
          }),
        }),
      )
      expect(used).toMatchObject({
        _tag: "NotFound",
        message: "This voice does not exist, or it is private.",
      })
      yield* settle
      expect(yield* credits(other)).toBe(20)
      expect((yield* request("/api/voices")).status).toBe(401)
      expect(yield* owner.voices.list()).toHaveLength(1)
    }),
  )

  it.effect("kept from a song since deleted no longer name it, and still sing", () =>
    Effect.gen(function* () {
      const { api, user } = yield* signedUpWithClient("forgetful")
      const { songId } = yield* seedEngineSong(user.id, "Diary Of A Secret", rapper)
      const { id: voiceId } = yield* keep(api, { songId, name: "Diarist" })
      yield* api.catalog.deleteSong({ path: { id: songId }, urlParams: {} })
      yield* settle
      const listed = yield* api.voices.list()
      expect(listed).toEqual([
        expect.objectContaining({ id: voiceId, name: "Diarist", songId: null, songTitle: null }),
      ])
      expect(JSON.stringify(listed)).not.toContain("Diary Of A Secret")
      yield* api.media.generateSong({
        payload: GenerateSongPayload.make({
          title: "Later",
          style: "pop",
          lyrics: "[Verse]\nStill here",
          voiceId,
        }),
      })
    }),
  )

  it.effect("sing the songs, extensions and covers their owner chooses them for", () =>
    Effect.gen(function* () {
      const { api, user } = yield* signedUpWithClient("chooser")
      const { songId } = yield* seedEngineSong(user.id, "Source", rapper)
      const { id: voiceId } = yield* keep(api, { songId, name: "Rapper" })
      const singer = { voiceId, name: "Rapper", singer: { gender: "male", delivery: "rap" } }
      const started = [
        yield* api.media.generateSong({
          payload: GenerateSongPayload.make({
            title: "Next",
            style: "pop, female vocals",
            lyrics: "[Verse]\nA new one",
            voiceId,
          }),
        }),
        yield* api.reshaping.extend({ path: { songId }, payload: { lyrics: "More", voiceId } }),
        yield* api.reshaping.restyle({ path: { songId }, payload: { style: "jazz", voiceId } }),
      ]
      for (const { taskId } of started) expect(yield* requestedVoice(taskId)).toEqual(singer)
      const plain = yield* api.media.generateSong({
        payload: GenerateSongPayload.make({
          title: "Plain",
          style: "pop",
          lyrics: "[Verse]\nNobody chosen",
        }),
      })
      expect(yield* requestedVoice(plain.taskId)).toBeNull()
    }),
  )
})
