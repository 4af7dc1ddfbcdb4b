import { describe, expect, it } from "@effect/vitest"
import {
  capitalise,
  fitToRange,
  type Material,
  parseTemplate,
  type Template,
  writeLine,
} from "./lyric-lines.ts"
import { seededRandom } from "./lyric-random.ts"
import { familyOf, rhymeFamilies } from "./lyric-rhymes.ts"
import { lineSyllables } from "./lyric-syllables.ts"

const material: Material = {
  genre: "country",
  tones: ["tender"],
  scenes: new Set(["night", "light", "rain", "dust"]),
  range: { min: 6, max: 12 },
  openers: ["Oh, ", "Oh, oh, "],
  lean: "any",
  signature: ["porch"],
  places: ["on the front porch", "by the old red barn"],
  sounds: ["the fiddle"],
  sights: ["the porch light"],
  hues: ["golden"],
  doing: undefined,
  titles: [{ text: "summer nights", kind: "name", asWritten: true }],
}

const usage = {
  lines: new Set<string>(),
  words: new Set<string>(),
  templates: new Set<string>(),
  fillers: new Map(),
}

const family = (word: string) => rhymeFamilies[familyOf(word) ?? -1] ?? { sound: "", endings: [] }

const templates = (...texts: Array<string>): Array<Template> =>
  texts.flatMap((text) => parseTemplate(text) ?? [])

describe("parseTemplate", () => {
  it("reads the rhyme slot a template ends with, and refuses one without", () => {
    expect(parseTemplate("I still remember {theme} in the {hour+}")?.end).toEqual({
      slot: "hour",
      sign: "+",
    })
    expect(parseTemplate("no rhyme slot here")).toBeUndefined()
  })
})

describe("fitToRange", () => {
  it("keeps a line that fits, lifts a short one with the shortest opener, refuses a long one", () => {
    expect(fitToRange("We were dancing in the rain", { min: 6, max: 12 }, ["Oh, "])).toBe(
      "We were dancing in the rain",
    )
    expect(fitToRange("Hold me tight", { min: 6, max: 12 }, ["Oh, ", "Oh, oh, oh, "])).toBe(
      "Oh, oh, oh, Hold me tight",
    )
    expect(fitToRange("word ".repeat(13), { min: 6, max: 12 }, ["Oh, "])).toBeUndefined()
  })
})

describe("capitalise", () => {
  it("capitalises a line, except one that starts with a title written in lower case", () => {
    expect(capitalise("we were young", [])).toBe("We were young")
    expect(capitalise("summer nights, hold me", material.titles)).toBe("summer nights, hold me")
  })
})

describe("writeLine", () => {
  const request = {
    templates: templates(
      "{place}, we were dancing in the {scene}",
      "I can still hear {sound} {past}",
    ),
    themes: [],
    avoidWords: new Set<string>(),
    strict: true,
  }

  it("ends the line in the family asked for, within the syllable range", () => {
    const line = writeLine(request, family("night"), material, usage, seededRandom(1))
    expect(line).toBeDefined()
    expect(familyOf(line?.word ?? "")).toBe(familyOf("night"))
    expect(lineSyllables(line?.text ?? "")).toBeLessThanOrEqual(12)
    expect(line?.text).toMatch(/^[A-Z]/)
  })

  it("never ends on its partner's rhyme word", () => {
    for (let seed = 0; seed < 20; seed++) {
      const line = writeLine(
        { ...request, avoidWords: new Set(["night"]) },
        family("night"),
        material,
        usage,
        seededRandom(seed),
      )
      expect(line?.word).not.toBe("night")
    }
  })

  it("shows a word that names the genre before any other imagery", () => {
    const line = writeLine(request, family("rain"), material, usage, seededRandom(3))
    expect(line?.text).toMatch(/porch/)
  })

  it("keeps to endings of the song's genre and tone", () => {
    const vow = { ...request, templates: templates("I know someday I'll {vp+}") }
    const words = new Set(
      Array.from({ length: 30 }, (_, seed) =>
        writeLine(vow, family("bars"), material, usage, seededRandom(seed)),
      ).map((line) => line?.text),
    )
    // "spit my bars" is hip-hop's and "wear my scars" too bold for a tender song.
    expect([...words]).toEqual(["I know someday I'll play our old guitars"])
  })
})
