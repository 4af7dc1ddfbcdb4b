import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { encodeSongView, PublicSongs, SongView } from "./api.ts"
import { publicSongsJson } from "./song-json.ts"

describe("encodeSongView", () => {
  const song = (overrides: Partial<SongView> = {}) =>
    new SongView({
      id: "0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b",
      userId: "0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1c",
      title: "Harbor Lights (Version 1)",
      audioUrl: "/api/songs/x/audio",
      streamAudioUrl: "/api/songs/x/audio",
      imageUrl: null,
      sourceImageUrl: "https://cdn.example.com/cover.jpg",
      duration: 184_000,
      isPublic: true,
      style: "Jazz, smooth",
      lyrics: "[Verse 1]\nLights on the water",
      createdAt: new Date("2026-11-21T10:00:00.123Z"),
      taskId: null,
      origin: null,
      likes: 3,
      liked: true,
      plays: 12,
      comments: 4,
      midiUrl: null,
      partsShared: false,
      lrcUrl: null,
      creator: { username: null },
      hidden: null,
      ...overrides,
    })

  it("writes exactly what Schema's encoding writes", () => {
    for (const view of [
      song(),
      song({ imageUrl: "/api/songs/x/cover", taskId: "task-1", creator: { username: "ada" } }),
      song({ midiUrl: "/api/songs/x/midi", lrcUrl: "/api/songs/x/lrc" }),
      song({ origin: { operation: "restyle", songId: "s0", title: "Harbor Lights (Version 2)" } }),
      song({ hidden: "Spam." }),
    ]) {
      expect(encodeSongView(view)).toStrictEqual(Schema.encodeSync(SongView)(view))
    }
  })

  it("a page written from its songs' kept JSON is the JSON of Schema's encoding", () => {
    const shared = song({ lyrics: 'He said "stay"\n\u2028and left \\ é 🎵' })
    for (const page of [
      new PublicSongs({ songs: [], total: 0, snapshot: 0 }),
      new PublicSongs({ songs: [shared, song({ liked: false })], total: 41, snapshot: 7 }),
      // The same song again, from the JSON kept for it.
      new PublicSongs({ songs: [song({ id: "other" }), shared], total: 41, snapshot: 8 }),
    ]) {
      expect(publicSongsJson(page)).toBe(JSON.stringify(Schema.encodeSync(PublicSongs)(page)))
    }
  })
})
