import { describe, expect, it } from "@effect/vitest"
import { countSyllables, lineSyllables } from "./lyric-syllables.ts"

// Sung counts from a pronouncing dictionary, picked to exercise each rule of the counter.
const words: ReadonlyArray<readonly [string, number]> = [
  ["the", 1],
  ["fly", 1],
  ["free", 1],
  ["blue", 1],
  ["eye", 1],
  ["make", 1],
  ["whole", 1],
  ["smile", 1],
  ["garden", 2],
  ["heaven", 2],
  ["ocean", 2],
  ["guitar", 2],
  ["tonight", 2],
  ["desire", 2],
  ["higher", 2],
  ["alive", 2],
  ["goodbye", 2],
  ["patience", 2],
  ["question", 2],
  ["nation", 2],
  ["special", 2],
  ["summer", 2],
  ["forever", 3],
  ["tomorrow", 3],
  ["yesterday", 3],
  ["afternoon", 3],
  ["grandmother", 3],
  ["saxophone", 3],
  ["orchestra", 3],
  ["eternal", 3],
  ["beautiful", 3],
  ["harmonica", 4],
  ["melancholy", 4],
  ["forevermore", 4],
  // silent final e and "le" endings
  ["little", 2],
  ["people", 2],
  ["candle", 2],
  ["bubbles", 2],
  // -ed is a syllable only after t and d
  ["loved", 1],
  ["danced", 1],
  ["smiled", 1],
  ["wanted", 2],
  ["faded", 2],
  ["indeed", 2],
  // -es is a syllable only after a sibilant
  ["makes", 1],
  ["shines", 1],
  ["eyes", 1],
  ["skies", 1],
  ["places", 2],
  ["changes", 2],
  ["roses", 2],
  ["memories", 3],
  // vowels sung apart, and diphthongs that are not
  ["piano", 3],
  ["radio", 3],
  ["violin", 3],
  ["video", 3],
  ["neon", 2],
  ["usual", 3],
  ["cruel", 2],
  ["poem", 2],
  ["quiet", 2],
  ["idea", 3],
  ["happier", 3],
  // -ing after a vowel, and "y" as consonant or vowel
  ["being", 2],
  ["going", 2],
  ["seeing", 2],
  ["flying", 2],
  ["crying", 2],
  ["saying", 2],
  ["player", 2],
  ["yes", 1],
  ["young", 1],
  ["beyond", 2],
  ["rhythm", 2],
  // compounds that keep a silent e inside
  ["lonely", 2],
  ["lovely", 2],
  ["somewhere", 2],
  ["sometimes", 2],
  ["fireflies", 2],
  ["candlelight", 3],
  ["family", 3],
  ["everything", 3],
  // apostrophes, case, accents
  ["grandmother's", 3],
  ["don't", 1],
  ["we're", 1],
  ["nothing's", 2],
  ["HEART", 1],
  ["café", 2],
]

describe("countSyllables", () => {
  it.each(words)("counts %s as %i", (word, expected) => {
    expect(countSyllables(word)).toBe(expected)
  })

  it("counts punctuation and emoji as nothing, and never less than one for a word", () => {
    expect(countSyllables("...")).toBe(0)
    expect(countSyllables("🌻")).toBe(0)
    expect(countSyllables("hmm")).toBe(1)
  })

  it("counts a character per syllable in scripts written that way", () => {
    expect(countSyllables("夏の庭")).toBe(3)
  })
})

describe("lineSyllables", () => {
  it("adds up the words of a line, splitting hyphenated words", () => {
    expect(lineSyllables("I still can hear your laughter in the rain")).toBe(10)
    expect(lineSyllables("Oh, brand-new days are calling")).toBe(7)
    expect(lineSyllables("")).toBe(0)
  })
})
