import { describe, expect, it } from "vitest"
import { syllableTexts } from "./syllable-text.ts"

describe("a word cut into its sung syllables", () => {
  it("cuts before the consonant that starts each later vowel group", () => {
    expect(syllableTexts("golden", 2)).toEqual(["gol", "den"])
    expect(syllableTexts("window", 2)).toEqual(["win", "dow"])
    expect(syllableTexts("Paper", 2)).toEqual(["Pa", "per"])
    expect(syllableTexts("airplanes", 2)).toEqual(["air", "planes"])
  })

  it("keeps every letter, in order, whatever the count", () => {
    for (const [word, count] of [
      ["everything", 3],
      ["city", 2],
      ["sun", 1],
      ["light", 1],
    ] as const)
      expect(syllableTexts(word, count).join("")).toBe(word)
  })

  it("holds the last syllables of a word with fewer vowel groups than notes", () => {
    expect(syllableTexts("fire", 2)).toEqual(["fire", "-"])
    expect(syllableTexts("oh", 3)).toEqual(["oh", "-", "-"])
  })
})
