import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { versionAudioPath } from "#modules/music/api-version-paths.ts"
import type { RenderFacts } from "#modules/music/ports.ts"
import { balanceOf, describeApp, request, settle, signUp } from "./testing.ts"
import { type Answer, newPlaylist, page, songOf } from "./testing-playlists.ts"
import { refusedWithoutSession } from "./testing-refusals.ts"
import { seedEngineSong, seedGeneration } from "./testing-songs.ts"

/** Refused as content (422), naming the field and why. */
const refusedContent = (answer: Answer, field: string, reason = "flagged") => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422)
  expect(answer.body).toMatchObject({ _tag: "ContentRefused", field, reason })
  return (answer.body as { message: string }).message
}

/** A one-section engine song, for operations to start from. */
const facts: RenderFacts = {
  durationMs: 30_000,
  endMs: 28_000,
  barMs: 2_000,
  sections: [{ label: "[Verse]", startMs: 4_000, endMs: 20_000, lines: ["Paper boats"] }],
  voice: { gender: "female", delivery: "sing" },
  engine: { made: "in a test" },
}

const song = { title: "Harbour Lights", lyrics: "[Verse]\nPaper boats on the rain", style: "folk" }

describeApp({
  env: {
    REGISTRATIONS_PER_ADDRESS: "1000",
    SIGNUP_CREDITS: "20",
    GENERATIONS_PER_HOUR: "1000",
    GENERATIONS_PER_ADDRESS: "1000",
  },
})("content checks, offline", (it) => {
  it.effect(
    "a song's words are checked before it is made: refused by field, and nothing charged",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("maker")
        const before = yield* balanceOf(person)
        expect(before).toBe(20)
        refusedContent(
          yield* person.post("/api/generate-song", { ...song, lyrics: "kys" }),
          "lyrics",
        )
        refusedContent(
          yield* person.post("/api/generate-song", { ...song, title: "Sieg Heil" }),
          "title",
        )
        const artist = refusedContent(
          yield* person.post("/api/generate-song", {
            ...song,
            style: "in the style of Taylor Swift",
          }),
          "style",
          "protected-artist",
        )
        expect(artist).toMatch(/names Taylor Swift.*describe the sound instead/)
        refusedContent(
          yield* person.post("/api/generate-song", { ...song, style: "taylor-swift vibes" }),
          "style",
          "protected-artist",
        )
        expect(yield* balanceOf(person)).toBe(before)

        // Operations on one's own song: the new lyrics and the new style, before the debit.
        const { songId } = yield* seedEngineSong(user.id, "Harbour (Version 1)", facts)
        refusedContent(
          yield* person.post(`/api/songs/${songId}/extend`, { lyrics: "k1ll y0urs3lf" }),
          "lyrics",
        )
        refusedContent(
          yield* person.post(`/api/songs/${songId}/replace-section`, {
            lyrics: "white power",
            section: "[Verse]",
          }),
          "lyrics",
        )
        refusedContent(
          yield* person.post(`/api/songs/${songId}/restyle`, { style: "BEYONCÉ-style r&b" }),
          "style",
          "protected-artist",
        )
        expect(yield* balanceOf(person)).toBe(before)

        // Words songs are made of pass, and are charged as ever.
        const made = yield* person.post("/api/generate-song", {
          ...song,
          lyrics: "I could kill for a kiss, I want to die in your arms",
          style: "swift, upbeat pop with taylor-made guitar riffs",
        })
        expect(made.status, JSON.stringify(made.body)).toBe(200)
        expect(yield* balanceOf(person)).toBe(before - 5)

        yield* refusedWithoutSession([["POST", "/api/generate-song", { ...song, lyrics: "kys" }]])
      }),
  )

  it.effect(
    "saving a song checks the title, style and lyrics it is given, and changes nothing",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("saver")
        const { versions } = yield* seedGeneration(user.id, "Night Bus", 1)
        const payload = {
          title: "Night Bus",
          audioUrl: versionAudioPath(versions[0]!.versionId),
          isPublic: true,
          style: "Pop",
          lyrics: "[Verse 1]",
        }
        refusedContent(yield* person.post("/api/songs", { ...payload, title: "kys" }), "title")
        refusedContent(
          yield* person.post("/api/songs", { ...payload, style: "Lana Del Rey sadcore" }),
          "style",
          "protected-artist",
        )
        const [kept] = (yield* person.get("/api/songs/my-songs")).body as Array<{
          isPublic: boolean
        }>
        expect(kept?.isPublic).toBe(false)
        expect((yield* person.post("/api/songs", payload)).status).toBe(200)
      }),
  )

  it.effect(
    "comments, bios and playlists are checked before they are saved, and stay as they were",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("lister")
        const fan = yield* signUp("talker")
        const songId = yield* songOf(owner, "Open Song")
        const comments = `/api/songs/${songId}/comments`
        refusedContent(yield* fan.person.post(comments, { text: "nobody likes you, kys" }), "text")
        const posted = yield* fan.person.post(comments, { text: "Lovely chorus" })
        expect(posted.status).toBe(201)
        const commentId = (posted.body as { id: string }).id
        refusedContent(
          yield* fan.person.patch(`/api/comments/${commentId}`, { text: "KYS" }),
          "text",
        )
        const read = (yield* request(comments)).body as {
          total: number
          comments: Array<{ text: string }>
        }
        expect([read.total, read.comments[0]?.text]).toEqual([1, "Lovely chorus"])

        const profile = { name: "Fan", bio: "Singer of boats", links: [] }
        expect((yield* fan.person.put("/api/profile", profile)).status).toBe(200)
        refusedContent(
          yield* fan.person.put("/api/profile", { ...profile, bio: "White Power!" }),
          "bio",
        )
        refusedContent(yield* fan.person.put("/api/profile", { ...profile, name: "kys" }), "name")
        yield* settle
        expect((yield* request(`/api/creators/${fan.user.username}`)).body).toMatchObject(profile)

        refusedContent(
          yield* owner.person.post("/api/playlists", { name: "Sieg heil mix" }),
          "name",
        )
        const id = yield* newPlaylist(owner, { name: "Rainy days", description: "Slow songs" })
        refusedContent(
          yield* owner.person.put(`/api/playlists/${id}`, {
            name: "Rainy days",
            description: "kys",
          }),
          "description",
        )
        expect(page(yield* owner.person.get(`/api/playlists/${id}`))).toMatchObject({
          name: "Rainy days",
          description: "Slow songs",
        })
        const mine = (yield* owner.person.get("/api/playlists/mine")).body as Array<{
          name: string
        }>
        expect(mine.map((list) => list.name)).toEqual(["Rainy days"])
      }),
  )
})
