import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { MusicMakerName, SongGenerationRequested, SongGenerationSubmitted } from "./media.ts"
import { StemsSubmitted } from "./stems.ts"

describe("the music maker's name", () => {
  it("reads the stored word for the music API as the word the code uses, and writes it back as stored", () => {
    expect(Schema.decodeUnknownSync(MusicMakerName)("provider")).toBe("music-api")
    expect(Schema.encodeSync(MusicMakerName)("music-api")).toBe("provider")
    expect(Schema.decodeUnknownSync(MusicMakerName)("engine")).toBe("engine")
    expect(Schema.encodeSync(MusicMakerName)("engine")).toBe("engine")
  })

  it("refuses a maker it does not know", () => {
    expect(Either.isLeft(Schema.decodeUnknownEither(MusicMakerName)("music-api"))).toBe(true)
    expect(Either.isLeft(Schema.decodeUnknownEither(MusicMakerName)("suno"))).toBe(true)
  })
})

describe("a stored generation request", () => {
  const stored = {
    _tag: "SongGenerationRequested",
    generationId: "g1",
    userId: "u1",
    title: "Paper Boats",
    style: "folk",
    lyrics: "[Verse]\nPaper boats",
    credits: 5,
    maker: "provider",
    requestedAt: "2026-11-21T10:00:00.000Z",
  }

  it("written before the instrumental switch was sung, and is read so", () => {
    const request = Schema.decodeUnknownSync(SongGenerationRequested)(stored)
    expect(request.instrumental).toBe(false)
    expect(request.maker).toBe("music-api")
  })

  it("keeps the switch when there is one", () => {
    const request = Schema.decodeUnknownSync(SongGenerationRequested)({
      ...stored,
      instrumental: true,
    })
    expect(request.instrumental).toBe(true)
    expect(Schema.encodeSync(SongGenerationRequested)(request)).toMatchObject({
      instrumental: true,
      maker: "provider",
    })
  })

  it("written before operations was made from scratch, and an operation round-trips", () => {
    expect(Schema.decodeUnknownSync(SongGenerationRequested)(stored).operation).toBeNull()
    const reshaping = {
      _tag: "extend",
      songId: "s1",
      versionId: "g0-1",
      title: "Paper Boats (Version 1)",
      atMs: 48_000,
      continuation: "[Verse]\nThe rain has stopped",
    }
    const request = Schema.decodeUnknownSync(SongGenerationRequested)({ ...stored, reshaping })
    expect(request.operation).toEqual(reshaping)
    expect(Schema.encodeSync(SongGenerationRequested)(request).reshaping).toEqual(reshaping)
    expect(() =>
      Schema.decodeUnknownSync(SongGenerationRequested)({
        ...stored,
        reshaping: { ...reshaping, _tag: "remix" },
      }),
    ).toThrow()
  })
})

describe("a maker's task id", () => {
  it("is read from where it is stored, `taskId`, as makerTaskId, and written back there", () => {
    const stored = {
      _tag: "SongGenerationSubmitted",
      generationId: "g1",
      userId: "u1",
      taskId: "t1",
    }
    const submitted = Schema.decodeUnknownSync(SongGenerationSubmitted)(stored)
    expect(submitted.makerTaskId).toBe("t1")
    expect(Schema.encodeSync(SongGenerationSubmitted)(submitted)).toEqual(stored)
    const stems = { _tag: "StemsSubmitted", versionId: "v1", taskId: "s1" }
    expect(Schema.decodeUnknownSync(StemsSubmitted)(stems).makerTaskId).toBe("s1")
    expect(
      Schema.encodeSync(StemsSubmitted)(Schema.decodeUnknownSync(StemsSubmitted)(stems)),
    ).toEqual(stems)
  })
})
