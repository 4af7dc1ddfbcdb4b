import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { MusicMakerName } from "./media.ts"

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
