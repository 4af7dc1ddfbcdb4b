import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { encodeSongView, SongView } from "./api.ts"

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
      likes: 3,
      liked: true,
      creator: { username: null },
      ...overrides,
    })

  it("writes exactly what Schema's encoding writes", () => {
    for (const view of [
      song(),
      song({ imageUrl: "/api/songs/x/cover", taskId: "task-1", creator: { username: "ada" } }),
    ]) {
      expect(encodeSongView(view)).toStrictEqual(Schema.encodeSync(SongView)(view))
    }
  })
})
