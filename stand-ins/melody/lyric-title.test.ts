import { describe, expect, it } from "@effect/vitest"
import { lineSyllables } from "./lyric-syllables.ts"
import { cleanTitle, keyPhrase, titlePhrases } from "./lyric-title.ts"

describe("titlePhrases", () => {
  it("sings a title that fits a line whole, and tells names from sayings", () => {
    const whole = (text: string, kind: string) => [{ text, kind, asWritten: true }]
    expect(titlePhrases("Grandmother's Garden")).toEqual(whole("Grandmother's Garden", "name"))
    expect(titlePhrases("I Will Survive")).toEqual(whole("I Will Survive", "saying"))
    expect(titlePhrases("Chasing the Dream")).toEqual(whole("Chasing the Dream", "saying"))
  })

  it("sings the key phrase of a long title", () => {
    const title =
      "The Long And Winding Story Of How My Grandmother Planted Roses Every Spring In Her Little Garden By The Sea"
    const [phrase] = titlePhrases(title)
    expect(phrase).toBeDefined()
    expect(title).toContain(phrase?.text)
    expect(lineSyllables(phrase?.text ?? "")).toBeLessThanOrEqual(6)
    expect(phrase?.text.length).toBeLessThanOrEqual(32)
  })

  it("offers a shorter key phrase after a whole title that is long to sing", () => {
    const phrases = titlePhrases("Somewhere Over The Rainbow")
    expect(phrases[0]?.text).toBe("Somewhere Over The Rainbow")
    expect(phrases.length).toBeGreaterThanOrEqual(1)
  })

  it("has nothing to sing for an empty title", () => {
    expect(titlePhrases("")).toEqual([])
    expect(titlePhrases("  [ ]  ")).toEqual([])
  })
})

describe("cleanTitle", () => {
  it("removes what would break the lyrics: brackets, line breaks, surrounding quotes", () => {
    expect(cleanTitle('  "[Chorus] Night\nDrive"  ')).toBe("Chorus Night Drive")
    expect(cleanTitle("Summer 🌻")).toBe("Summer 🌻")
  })
})

describe("keyPhrase", () => {
  it("prefers the most content words in a run, without crossing punctuation", () => {
    expect(keyPhrase("and then, of all things, Paper Moon Serenade, you know")).toBe(
      "Paper Moon Serenade",
    )
  })

  it("finds none in a title of small words", () => {
    expect(keyPhrase("and of the to")).toBeUndefined()
  })
})
