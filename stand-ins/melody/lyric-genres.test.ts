import { describe, expect, it } from "@effect/vitest"
import { findGenre, genreOf, genreProfiles, lineRange } from "./lyric-genres.ts"
import { moodOf, tonesOf } from "./lyric-moods.ts"

describe("genreOf", () => {
  it.each([
    ["Pop, upbeat, female vocals, piano and drums", "pop"],
    ["Rock anthem with electric guitars", "rock"],
    ["hip hop, boom bap drums", "hip-hop"],
    ["Hip-Hop", "hip-hop"],
    ["rap with heavy 808s", "hip-hop"],
    ["Country, nostalgic, acoustic guitar", "country"],
    ["smooth jazz, saxophone", "jazz"],
    ["EDM festival banger", "electronic"],
    ["deep house, 124 bpm", "electronic"],
    ["Techno", "electronic"],
    ["synthwave, retro", "electronic"],
    ["Orchestral, cinematic strings", "classical"],
    ["classical piano", "classical"],
    ["lo-fi beats to study to", "lo-fi"],
    ["LOFI chill", "lo-fi"],
    ["R&B, smooth, late night", "r&b"],
    ["neo soul with rhodes", "r&b"],
    ["rhythm and blues", "r&b"],
    ["indie folk, banjo", "folk"],
    ["delta blues, slide guitar", "blues"],
    ["heavy metal, double kick", "metal"],
    ["roots reggae", "reggae"],
  ])("reads %j as %s", (style, genre) => {
    expect(genreOf(style)).toBe(genre)
  })

  it("takes the genre named first", () => {
    expect(genreOf("country rock")).toBe("country")
    expect(genreOf("pop punk")).toBe("pop")
  })

  it("does not find genres inside other words", () => {
    expect(findGenre("a trapeze artist, soulful")).toBeUndefined()
    expect(findGenre("dubstep")).toBe("electronic")
  })

  it("falls back to pop for styles it does not know, or none", () => {
    expect(genreOf("polka with accordion")).toBe("pop")
    expect(genreOf("")).toBe("pop")
    expect(genreOf("🎸🎸")).toBe("pop")
  })
})

describe("genre profiles", () => {
  it("paint each genre with its own imagery", () => {
    const imagery = (genre: keyof typeof genreProfiles) => {
      const profile = genreProfiles[genre]
      return [...profile.places, ...profile.sounds, ...profile.sights].join(" ")
    }
    expect(imagery("country")).toMatch(/porch/)
    expect(imagery("country")).toMatch(/dusty road/)
    expect(imagery("country")).toMatch(/pickup/)
    expect(imagery("electronic")).toMatch(/neon/)
    expect(imagery("electronic")).toMatch(/pulse/)
    expect(imagery("electronic")).toMatch(/bass/)
    expect(imagery("jazz")).toMatch(/saxophone/)
    expect(imagery("jazz")).toMatch(/midnight/)
    expect(imagery("jazz")).toMatch(/smok/)
    expect(imagery("rock")).toMatch(/thunder/)
    expect(imagery("rock")).toMatch(/streets/)
    expect(imagery("hip-hop")).toMatch(/block/)
    expect(imagery("hip-hop")).toMatch(/hustle/)
    expect(imagery("hip-hop")).toMatch(/rhythm/)
    expect(imagery("classical")).toMatch(/eternal/)
    expect(imagery("classical")).toMatch(/grand/)
    expect(imagery("classical")).toMatch(/strings/)
    expect(imagery("country")).not.toMatch(/neon/)
    expect(imagery("electronic")).not.toMatch(/porch/)
  })

  it("name each genre in every kind of imagery, so any opening line can show it", () => {
    for (const [genre, profile] of Object.entries(genreProfiles)) {
      for (const phrases of [profile.places, profile.sounds, profile.sights]) {
        const named = phrases.filter((phrase) =>
          phrase.split(" ").some((word) => profile.signature.includes(word)),
        )
        expect(named.length, `${genre}: ${phrases.join(", ")}`).toBeGreaterThanOrEqual(1)
      }
    }
  })

  it("give rap longer lines and ballads shorter ones", () => {
    expect(lineRange("pop", "Pop, upbeat")).toEqual({ min: 6, max: 12 })
    expect(lineRange("hip-hop", "rap")).toEqual({ min: 8, max: 16 })
    expect(lineRange("classical", "orchestral")).toEqual({ min: 5, max: 11 })
    expect(lineRange("pop", "piano ballad")).toEqual({ min: 5, max: 11 })
    expect(lineRange("hip-hop", "rap ballad")).toEqual({ min: 8, max: 16 })
  })
})

describe("moodOf", () => {
  it.each([
    ["Pop, upbeat, female vocals", "happy"],
    ["joyful and bright", "happy"],
    ["sad piano ballad", "sad"],
    ["melancholic", "sad"],
    ["heartbroken after the breakup", "sad"],
    ["romantic slow dance", "romantic"],
    ["a love song", "romantic"],
    ["nostalgic, warm", "nostalgic"],
    ["energetic workout anthem", "energetic"],
    ["calm and peaceful", "calm"],
    ["chill vibes", "calm"],
    ["hopeful, uplifting", "hopeful"],
    ["dark and haunting", "dark"],
    ["angry, aggressive", "angry"],
  ])("reads %j as %s", (text, mood) => {
    expect(moodOf(text)).toBe(mood)
  })

  it("takes the mood named first, as a whole word", () => {
    expect(moodOf("sad but hopeful")).toBe("sad")
    expect(moodOf("a saddle and a horse")).toBeUndefined()
  })

  it("finds nothing in a text without mood words", () => {
    expect(moodOf("my grandmother's garden")).toBeUndefined()
    expect(moodOf("")).toBeUndefined()
  })

  it("gives every mood at least one tone", () => {
    expect(tonesOf("happy")).toEqual(["bright"])
    expect(tonesOf("sad")).toEqual(["blue"])
    expect(tonesOf("angry")).toEqual(["fierce"])
  })
})
