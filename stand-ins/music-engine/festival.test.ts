import { describe, expect, it } from "@effect/vitest"
import { parseDump } from "./festival.ts"

describe("Festival's dump of a line", () => {
  it("reads words, their syllables with stress, and each phone's times", () => {
    const dump = [
      "W golden",
      "S 1",
      "P g - 0.100 0.150",
      "P ow + 0.150 0.300",
      "P l - 0.300 0.350",
      "S 0",
      "P d - 0.350 0.400",
      "P ax + 0.400 0.450",
      "P n - 0.450 0.520",
      "W",
      "",
    ].join("\n")
    const [word, ...rest] = parseDump(dump)
    expect(rest).toEqual([])
    expect(word?.text).toBe("golden")
    expect(word?.syllables.map((syllable) => syllable.stress)).toEqual([1, 0])
    expect(word?.syllables[0]?.phones[1]).toEqual({
      name: "ow",
      vowel: true,
      start: 0.15,
      end: 0.3,
    })
  })
})
