import { describe, expect, it } from "@effect/vitest"
import type { LyricsRequest } from "#modules/songwriting/ports.ts"
import { spareCouplets, spareHooks } from "./lyric-couplets.ts"
import { type Genre, genreOf, genreProfiles, lineRange } from "./lyric-genres.ts"
import { familyOf, lastWord } from "./lyric-rhymes.ts"
import { readStyle } from "./lyric-song.ts"
import { lineSyllables } from "./lyric-syllables.ts"
import { titlePhrases } from "./lyric-title.ts"
import { stopwords } from "./lyric-words.ts"
import { spareSong, writeLyrics } from "./lyric-writer.ts"

interface Section {
  readonly header: string
  readonly lines: ReadonlyArray<string>
}

const headers = ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Bridge]", "[Chorus]"]

/** The sections of a song, checking the layout exactly: header, lines, one blank line between. */
const sectionsOf = (lyrics: string): Array<Section> =>
  lyrics.split("\n\n").map((block) => {
    const [header = "", ...lines] = block.split("\n")
    return { header, lines }
  })

const verses = (sections: ReadonlyArray<Section>): string =>
  sections
    .filter((section) => section.header.startsWith("[Verse"))
    .flatMap((section) => section.lines)
    .join(" ")
    .toLowerCase()

const wordsIn = (text: string): Set<string> =>
  new Set(text.toLowerCase().match(/[\p{L}']+/gu) ?? [])

const contentWords = (text: string): Set<string> =>
  new Set(
    [...wordsIn(text)]
      .map((word) => word.replace(/'s$/, ""))
      .filter((word) => word.length > 2 && !stopwords.has(word)),
  )

/** Whether the lines rhyme in one of the schemes a section may use, by the writer's families. */
const rhymes = (lines: ReadonlyArray<string>): boolean => {
  const words = lines.map(lastWord)
  const families = words.map((word) => familyOf(word))
  if (families.some((family) => family === undefined)) return false
  const pair = (a: number, b: number) => families[a] === families[b] && words[a] !== words[b]
  if (lines.length === 2) return pair(0, 1)
  if (lines.length !== 4) return false
  const aabb = pair(0, 1) && pair(2, 3) && families[0] !== families[2]
  const abab = pair(0, 2) && pair(1, 3) && families[0] !== families[1]
  return aabb || abab
}

const grandmother: LyricsRequest = {
  title: "Grandmother's Garden",
  description: "my grandmother's garden in the summer, and how she taught me patience",
  style: "Pop, upbeat, female vocals, piano and drums",
  seed: 1,
}

const styles: Readonly<Record<Genre, ReadonlyArray<string>>> = {
  pop: [
    "Pop, upbeat, female vocals, piano and drums",
    "dance pop, joyful",
    "indie pop ballad, sad",
  ],
  rock: ["Rock, energetic, electric guitars", "punk, angry, fast", "alt rock, nostalgic"],
  "hip-hop": ["Hip-hop, energetic, hard drums", "rap, dark, 808s", "boom bap, hopeful"],
  country: ["Country, nostalgic, acoustic guitar", "bluegrass, happy", "americana, heartbroken"],
  jazz: ["Jazz, romantic, saxophone", "smooth jazz, calm", "bebop, energetic"],
  electronic: ["EDM, energetic", "deep house, chill", "synthwave, nostalgic", "techno, dark"],
  classical: ["Orchestral, hopeful", "classical piano, sad", "cinematic strings, dark"],
  "lo-fi": ["lo-fi, calm, rainy", "lofi hip hop, nostalgic"],
  "r&b": ["R&B, romantic, late night", "neo soul, sad", "soul, happy"],
  folk: ["Folk, acoustic, nostalgic", "indie folk, hopeful"],
  blues: ["Blues, slide guitar", "delta blues, angry"],
  metal: ["Metal, angry", "heavy metal, dark, epic"],
  reggae: ["Reggae, happy, island", "dancehall, energetic"],
}

const descriptions = [
  "my grandmother's garden in the summer, and how she taught me patience",
  "leaving a small town for the big city",
  "chasing a dream from the corner to the top",
  "the night we met at a rooftop party",
  "missing my father and his old guitar",
  "a road trip with my best friends across the desert",
  "falling in love on a rainy night in Tokyo",
  "the ocean, the lighthouse and the sailors who never came home",
  "my dog Max and our walks in the park",
  "growing up in a house full of music and laughter",
  "a heartbreak that taught me to stand on my own",
  "winter mornings, hot coffee and the first snow",
]

const titles = [
  "Grandmother's Garden",
  "Leaving Town",
  "Chasing It",
  "Rooftop Nights",
  "Dad's Guitar",
  "I Will Survive",
  "Somewhere Over The Rainbow",
  "Home",
  "Neon Tokyo Rain",
  "Max",
]

const weird: ReadonlyArray<Pick<LyricsRequest, "title" | "description">> = [
  { title: "", description: "" },
  { title: "   ", description: "   " },
  { title: "the and of", description: "the and of to a with" },
  { title: "🌻🌻🌻", description: "🌻🌞🌈 ✨✨" },
  { title: "Jardín de mi abuela", description: "mi abuela y su jardín en verano, y la paciencia" },
  { title: "夏の庭", description: "夏の庭と祖母の思い出" },
  { title: "!!! ??? ...", description: "?!?! ... --- ,,, ;;;" },
  {
    title: "MY GRANDMOTHER'S GARDEN",
    description: "MY GRANDMOTHER'S GARDEN IN THE SUMMER, SHE TAUGHT ME PATIENCE",
  },
  { title: "[Chorus]\n[Verse 3]", description: "[Bridge]\n\nline one\n\nline two" },
  { title: "T".repeat(200), description: "x".repeat(2000) },
  {
    title: "The Long And Winding Story Of How My Grandmother Planted Roses Every Spring "
      .repeat(3)
      .slice(0, 200),
    description:
      "my grandmother planted roses in her garden every spring and the whole street smelled sweet. ".repeat(
        25,
      ),
  },
  {
    title: "Supercalifragilisticexpialidocious",
    description: "antidisestablishmentarianism internationalization",
  },
  { title: "a", description: "I" },
]

/** 200 requests, seeded, covering every genre, many moods, plain themes and weird input. */
const requests: ReadonlyArray<LyricsRequest> = Array.from({ length: 200 }, (_, index) => {
  const genres = Object.keys(styles) as Array<Genre>
  const genre = genres[index % genres.length] as Genre
  const options = styles[genre]
  const style = options[Math.floor(index / genres.length) % options.length] as string
  const odd = weird[index % weird.length]
  const useWeird = index % 4 === 3 && odd !== undefined
  return {
    title: useWeird ? odd.title : (titles[(index * 7) % titles.length] as string),
    description: useWeird
      ? odd.description
      : (descriptions[(index * 5) % descriptions.length] as string),
    style,
    seed: index * 7919,
  }
})

const songs = requests.map((request) => ({ request, lyrics: writeLyrics(request) }))

describe("writeLyrics", () => {
  it("lays out five sections in order, headers on their own lines, one blank line between", () => {
    for (const { lyrics } of songs) {
      const sections = sectionsOf(lyrics)
      expect(sections.map((section) => section.header)).toEqual(headers)
      expect(lyrics).not.toMatch(/\n\n\n/)
      expect(lyrics.startsWith("[Verse 1]\n")).toBe(true)
      expect(lyrics.endsWith("\n")).toBe(false)
      for (const section of sections) {
        for (const line of section.lines) {
          expect(line.trim().length).toBeGreaterThan(0)
          expect(line).not.toMatch(/[[\]{}]/)
        }
      }
    }
  })

  it("gives verses and choruses four lines, the bridge two to four, and repeats the chorus exactly", () => {
    for (const { lyrics } of songs) {
      const [verse1, chorus, verse2, bridge, again] = sectionsOf(lyrics)
      expect(verse1?.lines).toHaveLength(4)
      expect(chorus?.lines).toHaveLength(4)
      expect(verse2?.lines).toHaveLength(4)
      expect(bridge?.lines.length).toBeGreaterThanOrEqual(2)
      expect(bridge?.lines.length).toBeLessThanOrEqual(4)
      expect(again?.lines).toEqual(chorus?.lines)
    }
  })

  it("rhymes every section AABB or ABAB through the rhyme families", () => {
    for (const { lyrics } of songs) {
      for (const section of sectionsOf(lyrics)) {
        expect(rhymes(section.lines), `${section.header}\n${section.lines.join("\n")}`).toBe(true)
      }
    }
  })

  it("keeps every line within its genre's syllable range", () => {
    for (const { request, lyrics } of songs) {
      const range = lineRange(genreOf(request.style), request.style)
      for (const section of sectionsOf(lyrics)) {
        for (const line of section.lines) {
          const syllables = lineSyllables(line)
          expect(syllables, `${request.style}: ${line}`).toBeGreaterThanOrEqual(range.min)
          expect(syllables, `${request.style}: ${line}`).toBeLessThanOrEqual(range.max)
        }
      }
    }
  })

  it("stays within 2,000 characters", () => {
    for (const { lyrics } of songs) expect(lyrics.length).toBeLessThanOrEqual(2000)
  })

  it("repeats no line except the chorus", () => {
    for (const { lyrics } of songs) {
      const sections = sectionsOf(lyrics).slice(0, 4)
      const lines = sections.flatMap((section) => section.lines.map((line) => line.toLowerCase()))
      expect(new Set(lines).size, lyrics).toBe(lines.length)
    }
  })

  it("sings the title in the chorus: whole when it fits a line, else its key phrase", () => {
    for (const { request, lyrics } of songs) {
      const chorus = sectionsOf(lyrics)[1]?.lines.join("\n") ?? ""
      const [phrase] = titlePhrases(request.title)
      if (phrase !== undefined) expect(chorus, request.title).toContain(phrase.text)
    }
    const chorus = sectionsOf(writeLyrics(grandmother))[1]?.lines.join("\n")
    expect(chorus).toContain("Grandmother's Garden")
  })

  it("uses at least two content words of the description in the verses", () => {
    for (const { request, lyrics } of songs) {
      if (!descriptions.includes(request.description)) continue
      const described = contentWords(request.description)
      const used = [...contentWords(verses(sectionsOf(lyrics)))].filter((word) =>
        described.has(word),
      )
      const wanted = Math.min(2, described.size)
      expect(used.length, `${request.description}\n${lyrics}`).toBeGreaterThanOrEqual(wanted)
    }
  })

  it("keeps the singer's 'my' from the description", () => {
    const lyrics = writeLyrics(grandmother)
    expect(lyrics).toMatch(/my grandmother/i)
    expect(lyrics).not.toMatch(/\bher garden\b/i)
  })

  it("paints each genre with its own imagery, always showing a word that names it", () => {
    for (const genre of Object.keys(styles) as Array<Genre>) {
      const { signature } = genreProfiles[genre]
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        for (const style of styles[genre]) {
          const lyrics = writeLyrics({ ...grandmother, style, seed })
          const shown = signature.filter((word) => wordsIn(lyrics).has(word))
          expect(shown.length, `${genre}\n${lyrics}`).toBeGreaterThanOrEqual(1)
        }
      }
    }
  })

  it("writes a country song with country things and an electronic one with electronic things", () => {
    const country =
      /porch|dust|road|pickup|railroad|county|gravel|cotton|barn|fiddle|church|banjo|boots|whiskey|fireflies|tower/i
    const electronic =
      /neon|dance floor|strobe|warehouse|laser|rave|bass|pulse|synth|kick drum|speakers|glow sticks|digital/i
    const seeds = [11, 12, 13, 14, 15]
    for (const seed of seeds) {
      const countrySong = writeLyrics({ ...grandmother, style: "Country", seed })
      const electronicSong = writeLyrics({ ...grandmother, style: "EDM", seed })
      expect(countrySong).toMatch(country)
      expect(electronicSong).toMatch(electronic)
      expect(electronicSong).not.toMatch(/porch|pickup|barn|fiddle|banjo/i)
      expect(countrySong).not.toMatch(/neon|strobe|laser|synth/i)
    }
  })

  it("reads the mood from the style first, then the description, then the genre", () => {
    expect(readStyle({ ...grandmother, style: "Pop, sad", description: "a happy day" }).mood).toBe(
      "sad",
    )
    expect(readStyle({ ...grandmother, style: "Pop", description: "a happy day" }).mood).toBe(
      "happy",
    )
    expect(readStyle({ ...grandmother, style: "Blues", description: "my dog" }).mood).toBe("sad")
    expect(readStyle({ ...grandmother, style: "", description: "" })).toEqual({
      genre: "pop",
      mood: "happy",
    })
  })

  it("colours the words with the mood", () => {
    const happy = [1, 2, 3, 4].map((seed) =>
      writeLyrics({ ...grandmother, style: "Pop, joyful", seed }),
    )
    const sad = [1, 2, 3, 4].map((seed) =>
      writeLyrics({ ...grandmother, style: "Pop, heartbroken", seed }),
    )
    const gloomy =
      /alone|lost|cold|missing|cry|empty|lonely|tired|numb|fade|goodbye|afraid|small|blue/i
    const sunny = /shining|laughing|alive|free|smil|singing|dancing|golden|sunny|bright/i
    expect(happy.filter((song) => sunny.test(song)).length).toBeGreaterThanOrEqual(3)
    expect(sad.filter((song) => gloomy.test(song)).length).toBeGreaterThanOrEqual(3)
  })

  it("gives the same song for the same request", () => {
    for (const { request, lyrics } of songs.slice(0, 20)) {
      expect(writeLyrics({ ...request })).toBe(lyrics)
    }
  })

  it("gives another song for another description, title or style", () => {
    const base = writeLyrics(grandmother)
    expect(writeLyrics({ ...grandmother, description: "my grandfather's workshop" })).not.toBe(base)
    expect(writeLyrics({ ...grandmother, title: "Summer Garden" })).not.toBe(base)
    expect(writeLyrics({ ...grandmother, style: "Rock" })).not.toBe(base)
  })

  it("chooses other lines for other seeds", () => {
    const byseed = [1, 2, 3, 4, 5, 6].map((seed) => writeLyrics({ ...grandmother, seed }))
    expect(new Set(byseed).size).toBe(byseed.length)
    const lines = new Set(
      byseed.flatMap((song) => song.split("\n").filter((line) => !line.startsWith("["))),
    )
    expect(lines.size).toBeGreaterThan(60)
  })

  it("never throws, and still writes a full song, for empty, foreign or strange input", () => {
    for (const odd of weird) {
      for (const style of ["", "🎵", "Pop", "HIP HOP!!!", "x".repeat(500)]) {
        const lyrics = writeLyrics({ ...odd, style, seed: 5 })
        expect(sectionsOf(lyrics).map((section) => section.header)).toEqual(headers)
        expect(lyrics.length).toBeLessThanOrEqual(2000)
      }
    }
  })

  it("falls back to generic theme words when the description gives none", () => {
    const lyrics = writeLyrics({ title: "", description: "", style: "Pop", seed: 3 })
    expect(lyrics).toMatch(/the memory|this feeling|the moment|the way we were|the good times/i)
  })

  it("keeps a last-resort song that still follows every rule", () => {
    for (const title of ["Grandmother's Garden", "", "Somewhere Over The Rainbow"]) {
      const lyrics = spareSong({ ...grandmother, title })
      const sections = sectionsOf(lyrics)
      expect(sections.map((section) => section.header)).toEqual(headers)
      for (const section of sections) expect(rhymes(section.lines), lyrics).toBe(true)
      expect(sections[1]?.lines.join(" ")).toContain(titlePhrases(title)[0]?.text ?? "")
    }
    for (const [first, second] of [...spareCouplets, ...spareHooks]) {
      expect(familyOf(lastWord(first)), first).toBe(familyOf(lastWord(second)))
      expect(familyOf(lastWord(first)), first).toBeDefined()
    }
    for (const line of spareCouplets.flat()) {
      expect(lineSyllables(line), line).toBeGreaterThanOrEqual(8)
      expect(lineSyllables(line), line).toBeLessThanOrEqual(11)
    }
  })
})
