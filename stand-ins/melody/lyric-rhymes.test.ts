import { describe, expect, it } from "@effect/vitest"
import { commonScenes, familyOf, lastWord, rhymeFamilies } from "./lyric-rhymes.ts"

const wordsOf = (index: number): Set<string> =>
  new Set(rhymeFamilies[index]?.endings.map((ending) => ending.word))

describe("rhyme families", () => {
  it("are many, and each has enough distinct words to rhyme a couplet", () => {
    expect(rhymeFamilies.length).toBeGreaterThanOrEqual(30)
    rhymeFamilies.forEach((_, index) => {
      expect(wordsOf(index).size).toBeGreaterThanOrEqual(2)
    })
  })

  it("never share a word, so a line's last word names its family", () => {
    const owners = new Map<string, string>()
    for (const family of rhymeFamilies) {
      for (const word of new Set(family.endings.map((ending) => ending.word))) {
        expect(
          owners.get(word),
          `${word} is in ${owners.get(word)} and ${family.sound}`,
        ).toBeUndefined()
        owners.set(word, family.sound)
      }
    }
  })

  it("end every ending with its rhyme word", () => {
    for (const family of rhymeFamilies) {
      for (const ending of family.endings) {
        expect(ending.text.length).toBeGreaterThan(0)
        expect(lastWord(ending.text)).toBe(ending.word)
      }
    }
  })

  it("group true rhymes and keep slant rhymes apart", () => {
    const same = (a: string, b: string) => familyOf(a) !== undefined && familyOf(a) === familyOf(b)
    expect(same("night", "light")).toBe(true)
    expect(same("bright", "tonight")).toBe(true)
    expect(same("heart", "apart")).toBe(true)
    expect(same("rain", "again")).toBe(true)
    expect(same("home", "alone")).toBe(false)
    expect(same("night", "sky")).toBe(false)
    expect(same("forever", "together")).toBe(false)
    expect(same("love", "above")).toBe(true)
  })

  it("offer every kind of ending in several families", () => {
    const slots = [
      "scene",
      "hour",
      "spot",
      "when",
      "ever",
      "past",
      "dear",
      "adj",
      "verb",
      "vp",
    ] as const
    for (const slot of slots) {
      const families = rhymeFamilies.filter((family) =>
        family.endings.some((ending) => ending.slot === slot),
      )
      expect(families.length, slot).toBeGreaterThanOrEqual(4)
    }
  })

  it("use only settings that some family can end a line with", () => {
    const settings = rhymeFamilies
      .flatMap((family) => family.endings)
      .filter((ending) => ending.slot === "scene")
      .map((ending) => ending.word)
    for (const scene of commonScenes) expect(settings, scene).toContain(scene)
  })
})

describe("lastWord", () => {
  it("reads the last word without punctuation or case", () => {
    expect(lastWord("Hold me close TONIGHT!")).toBe("tonight")
    expect(lastWord("  ")).toBe("")
  })
})
