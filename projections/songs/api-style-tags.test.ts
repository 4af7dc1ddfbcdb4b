import { describe, expect, it } from "@effect/vitest"
import { cardTags, filterTags, styleTags } from "./api-style-tags.ts"

describe("style tags", () => {
  it("reads genres, voices, instruments and the other words", () => {
    expect(styleTags("Pop, upbeat, female vocals, piano and drums")).toEqual({
      genres: ["pop"],
      voices: ["female"],
      instruments: ["piano", "drums"],
      other: ["upbeat", "vocals"],
    })
  })

  it("knows the spellings of a genre and keeps the text's order", () => {
    expect(styleTags("Hip hop with a lo fi beat, EDM drops").genres).toEqual([
      "hip-hop",
      "lo-fi",
      "electronic",
    ])
    expect(styleTags("Rap").genres).toEqual(["hip-hop"])
    expect(styleTags("Synthwave with synths").genres).toEqual(["electronic"])
    expect(styleTags("Synthwave with synths").instruments).toEqual(["synth"])
  })

  it("leaves out short words and with, and, the, style, music", () => {
    expect(styleTags("A jazz style of music with the sax and an oboe").other).toEqual(["oboe"])
  })

  it("does not find a genre inside another word", () => {
    expect(styleTags("poppy rockabilly, housework").genres).toEqual([])
    expect(styleTags("poppy rockabilly, housework").other).toEqual([
      "poppy",
      "rockabilly",
      "housework",
    ])
  })

  it("never repeats a tag", () => {
    expect(styleTags("rock, Rock, ROCK, dreamy dreamy")).toEqual({
      genres: ["rock"],
      voices: [],
      instruments: [],
      other: ["dreamy"],
    })
  })

  it("shows two other words on cards and filters by three", () => {
    const tags = styleTags("Folk, calm, warm, intimate, slow, female, guitar")
    expect(cardTags(tags)).toEqual(["folk", "female", "guitar", "calm", "warm"])
    expect(filterTags(tags)).toEqual(["folk", "female", "guitar", "calm", "warm", "intimate"])
  })

  it("reads an empty or odd style as no tags", () => {
    expect(styleTags("")).toEqual({ genres: [], voices: [], instruments: [], other: [] })
    expect(styleTags("🎸 !!! ,,,")).toEqual({ genres: [], voices: [], instruments: [], other: [] })
  })
})
