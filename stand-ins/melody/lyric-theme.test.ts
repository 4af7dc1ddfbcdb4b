import { describe, expect, it } from "@effect/vitest"
import { readTheme } from "./lyric-theme.ts"
import { looksForeign } from "./theme-words.ts"

const texts = (description: string) => readTheme(description).items.map((item) => item.text)

describe("readTheme", () => {
  it("finds the noun phrases of a description, keeping the singer's 'my'", () => {
    expect(texts("my grandmother's garden in the summer, and how she taught me patience")).toEqual([
      "my grandmother",
      "the garden",
      "the summer",
      "patience",
    ])
  })

  it("reads an activity as a gerund phrase, and its nouns as theme phrases", () => {
    const theme = readTheme("a country song about leaving a small town")
    expect(theme.doing?.text).toBe("leaving a small town")
    expect(texts("a country song about leaving a small town")).toEqual(["the small town"])
    expect(readTheme("dancing in the rain with my best friend").doing?.text).toBe(
      "dancing in the rain",
    )
    expect(readTheme("missing you").doing?.text).toBe("missing you")
  })

  it("keeps names as they are written and gives them no article", () => {
    expect(texts("A song about Maria, the girl I met in Paris")).toEqual([
      "Maria",
      "the girl",
      "Paris",
    ])
  })

  it("leaves out verbs, adverbs, moods and words about the song itself", () => {
    expect(texts("a sad upbeat pop song that I really wanted to write")).toEqual([])
    expect(texts("the rolling hills where we used to play")).toEqual(["the rolling hills"])
  })

  it("puts the most repeated phrases first and keeps one per noun", () => {
    const items = texts("the sea, a boat, the sea at night, the sea and my father")
    expect(items[0]).toBe("the sea")
    expect(items.filter((item) => item.endsWith("sea"))).toHaveLength(1)
  })

  it("keeps every phrase short enough to sing, however long the text", () => {
    const long = `${"an extraordinarily magnificent unforgettable celebration ".repeat(40)}my garden`
    for (const item of readTheme(long).items) {
      expect(item.text.length).toBeLessThanOrEqual(28)
    }
    expect(texts(long)).toContain("my garden")
  })

  it("tells people, places, ideas, things and hardships apart", () => {
    const kinds = readTheme(
      "my grandmother's garden in the summer, patience, and the long illness",
    ).items.map((item) => [item.text, item.kind])
    expect(kinds).toEqual([
      ["my grandmother", "person"],
      ["the garden", "place"],
      ["the summer", "thing"],
      ["patience", "idea"],
      ["the long illness", "trouble"],
    ])
  })

  it("gives family words the singer's 'my' when the text gives none", () => {
    expect(texts("Dad's old guitar")).toEqual(["my dad", "the old guitar"])
  })

  it("ends a phrase on its noun and reads genre names as things only outside a style", () => {
    expect(texts("growing up in a house full of music")).toEqual(["the house", "music"])
    expect(texts("a country song about my grandmother's house")).toEqual([
      "my grandmother",
      "the house",
    ])
  })

  it("keeps the little word of a phrasal verb and sings only the singer's own activity", () => {
    expect(readTheme("growing up in a house full of music").doing?.text).toBe(
      "growing up in a house",
    )
    expect(readTheme("my father teaching me to fish").doing).toBeUndefined()
    expect(readTheme("missing her smile").doing).toEqual({
      text: "missing her smile",
      words: ["missing", "smile"],
      kind: "trouble",
    })
  })

  it("reads Title Case as ordinary words", () => {
    expect(texts("Small Town Goodbye")).toEqual(["the small town goodbye"])
  })

  it("reads shouting as ordinary words", () => {
    expect(texts("MY DOG AND OUR WALKS IN THE PARK")).toEqual(["my dog", "our walks", "the park"])
  })

  it("finds nothing in empty, symbolic or foreign text", () => {
    for (const text of [
      "",
      "   ",
      "🌻🌻🌻",
      "!!! ???",
      "the and of to",
      "mi abuela y su jardín en verano",
      "夏の庭と祖母",
    ]) {
      expect(readTheme(text), text).toEqual({ items: [], doing: undefined })
    }
  })
})

describe("looksForeign", () => {
  it("tells other languages from English of any length", () => {
    expect(looksForeign("mi abuela y su jardín en verano")).toBe(true)
    expect(looksForeign("Ich vermisse meine Großmutter sehr")).toBe(true)
    expect(looksForeign("夏の庭と祖母の思い出")).toBe(true)
    expect(looksForeign("my grandmother's garden")).toBe(false)
    expect(looksForeign("garden")).toBe(false)
    expect(looksForeign("summer love")).toBe(false)
    expect(looksForeign("sunset, beach, friends, bonfire")).toBe(false)
    expect(looksForeign("Dad's old guitar")).toBe(false)
  })
})
