import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { PublicSongs, SongView } from "#modules/catalog/api.ts"
import { publicSongsFromWire, songFromWire } from "./public-reads.ts"

const wire: typeof SongView.Encoded = {
  id: "0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b",
  userId: "0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1c",
  title: "Harbor Lights (Version 1)",
  audioUrl: "/api/songs/x/audio",
  streamAudioUrl: "/api/songs/x/audio",
  imageUrl: "/api/songs/x/cover",
  sourceImageUrl: null,
  duration: 184_000,
  isPublic: true,
  style: "Jazz, smooth",
  lyrics: "[Verse 1]\nLights on the water",
  createdAt: "2026-11-21T10:00:00.123Z",
  taskId: "task-1",
  origin: { operation: "restyle", songId: "s0", title: "Harbor Lights (Version 2)" },
  likes: 3,
  liked: false,
  midiUrl: "/api/songs/x/midi",
  partsShared: true,
  lrcUrl: "/api/songs/x/lrc",
  creator: { username: "ada" },
}

// The public pages read songs without the typed client: what they make of the wire must be what its
// decoding makes, field for field.
describe("public reads", () => {
  it("read a song as the contract decodes it", () => {
    const decoded = Schema.decodeUnknownSync(SongView)(wire)
    expect({ ...songFromWire(wire) }).toEqual({ ...decoded })
    expect(songFromWire(wire).createdAt).toBeInstanceOf(Date)
  })

  it("read a page of the timeline as the contract decodes it", () => {
    const page = { songs: [wire, { ...wire, id: "other", origin: null }], total: 2, snapshot: 7 }
    const decoded = Schema.decodeUnknownSync(PublicSongs)(page)
    const read = publicSongsFromWire(page)
    expect(read.songs.map((song) => ({ ...song }))).toEqual(
      decoded.songs.map((song) => ({ ...song })),
    )
    expect([read.total, read.snapshot]).toEqual([decoded.total, decoded.snapshot])
  })
})
