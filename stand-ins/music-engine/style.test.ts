import { describe, expect, it } from "@effect/vitest"
import { program } from "./general-midi.ts"
import { Random } from "./seeded-random.ts"
import { genreOf, parseStyle } from "./style.ts"

const styleOf = (text: string, seed = 1) => parseStyle(text, new Random(seed))

describe("a style string", () => {
  it.each([
    ["upbeat pop with female vocals, guitar and drums", "pop"],
    ["lo-fi hip-hop with rap", "lofi"],
    ["boom bap hip-hop, male rap", "hiphop"],
    ["smooth jazz with saxophone", "jazz"],
    ["cinematic orchestra", "classical"],
    ["rock with male vocals and electric guitar", "rock"],
    ["deep house", "edm"],
    ["slow love ballad", "ballad"],
    ["country road trip", "country"],
    ["campfire folk", "folk"],
    ["neo-soul R&B", "rnb"],
    ["something nobody has heard of", "pop"],
  ])("%s is %s", (text, genre) => {
    expect(genreOf(text)).toBe(genre)
  })

  it("keeps to its genre's tempo, or to the one it names", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const bpm = styleOf("rock", seed).bpm
      expect(bpm).toBeGreaterThanOrEqual(118)
      expect(bpm).toBeLessThanOrEqual(140)
    }
    expect(styleOf("rock at 150 bpm").bpm).toBe(150)
    expect(styleOf("pop at 400 bpm").bpm).toBe(190)
  })

  it("names the voice and how it is delivered, or none for an instrumental", () => {
    expect(styleOf("rock with female vocals").vocals).toEqual({ voice: "female", delivery: "sing" })
    expect(styleOf("pop with a male singer").vocals).toEqual({ voice: "male", delivery: "sing" })
    expect(styleOf("lo-fi hip-hop with rap").vocals).toEqual({ voice: "male", delivery: "rap" })
    expect(styleOf("lo-fi with female vocals").vocals).toEqual({
      voice: "female",
      delivery: "sing",
    })
    expect(styleOf("jazz instrumental, saxophone").vocals).toBeNull()
  })

  it("honours a key with its mode, but not every 'in a'", () => {
    expect(styleOf("ballad in D minor")).toMatchObject({ tonic: 2, mode: "minor" })
    expect(styleOf("pop in F# major")).toMatchObject({ tonic: 6, mode: "major" })
    expect(styleOf("sad pop").mode).toBe("minor")
    const clubbing = styleOf("party in a club", 3)
    expect(clubbing.tonic).toBe(styleOf("party", 3).tonic)
  })

  it("lets the instruments it names replace the genre's", () => {
    const jazz = styleOf("jazz with saxophone, piano and upright bass")
    expect(jazz).toMatchObject({
      lead: program.tenorSax,
      comp: program.piano,
      bass: program.acousticBass,
    })
    const pop = styleOf("pop with piano and acoustic guitar")
    expect(pop).toMatchObject({
      comp: program.piano,
      comp2: program.acousticGuitar,
      compStyle: "block",
    })
    expect(styleOf("pop, electric guitar").compStyle).toBe("power")
    expect(styleOf("rock, no drums").drums).toBe("none")
  })

  it("reads the same with the same seed", () => {
    expect(styleOf("chill lo-fi beats", 42)).toEqual(styleOf("chill lo-fi beats", 42))
  })
})
