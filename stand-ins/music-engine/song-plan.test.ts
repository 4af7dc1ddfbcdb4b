import { describe, expect, it } from "@effect/vitest"
import type { SongRequest } from "#modules/music/ports.ts"
import { compose } from "./arrangement.ts"
import { decodeRecord, recordOf } from "./engine-record.ts"
import { parseLyrics } from "./lyrics.ts"
import { factsOf } from "./render-facts.ts"
import { restylePlan } from "./restyle.ts"
import { Random } from "./seeded-random.ts"
import { newSongPlan } from "./song-plan.ts"
import { parseStyle } from "./style.ts"
import { estimateSyllables } from "./syllables.ts"

const lyrics = `[Verse]
I woke up early with the sun in my eyes
[Chorus]
We are golden, we are young tonight
[Verse]
Paper airplanes flying over town`

/** The facts of a pop song sung by a woman, composed but not played. */
const popFacts = () => {
  const style = parseStyle("upbeat pop with female vocals", new Random(1))
  const lines = parseLyrics(lyrics).flatMap((section, index) =>
    section.lines.map((text) => ({
      text,
      section: index,
      kind: section.kind,
      syllables: estimateSyllables(text),
    })),
  )
  const record = recordOf(style, 7, compose(style, lines, new Random(7)), lines)
  return factsOf({ ...record, masterGain: 2, voiceBed: 0.1 }, 60_000)
}

const request: SongRequest = { title: "Golden", lyrics, style: "", seed: 1, outDir: "/nowhere" }

describe("a song's plan", () => {
  it("labels the sections as sung, numbering a kind that comes twice", () => {
    const facts = popFacts()
    expect(facts.sections.map((section) => section.label)).toEqual([
      "[Verse 1]",
      "[Chorus]",
      "[Verse 2]",
    ])
    expect(facts.voice).toEqual({ gender: "female", delivery: "sing" })
    expect(decodeRecord(JSON.parse(JSON.stringify(facts.engine))).composeSeed).toBe(7)
    expect(() => decodeRecord({ ...(facts.engine as object), bars: "many" })).toThrow(
      /not a record of this engine/,
    )
  })

  it("is sung by a kept voice whatever the style chose, and by none in an instrumental", () => {
    const voice = { gender: "female", delivery: "sing" } as const
    const plan = newSongPlan({ ...request, style: "rock with male vocals", voice })
    expect(plan.style.vocals).toEqual({ voice: "female", delivery: "sing" })
    const instrumental = newSongPlan({ ...request, style: "pop", voice, instrumental: true })
    expect(instrumental.style.vocals).toBeNull()
  })

  it("covers a song with its voice and key, unless the style or the request names others", () => {
    const source = popFacts()
    const cover = (style: string, more: Partial<SongRequest> = {}) =>
      restylePlan({ ...request, style, ...more }, source).style
    expect(cover("as a jazz ballad").vocals).toEqual({ voice: "female", delivery: "sing" })
    expect(cover("as a jazz ballad with male vocals").vocals).toEqual({
      voice: "male",
      delivery: "sing",
    })
    const rapper = { gender: "male", delivery: "rap" } as const
    expect(cover("as a jazz ballad", { voice: rapper }).vocals).toEqual({
      voice: "male",
      delivery: "rap",
    })
    expect(cover("as a jazz ballad", { instrumental: true }).vocals).toBeNull()
    const { tonic, mode } = decodeRecord(source.engine).style
    expect(cover("as a jazz ballad")).toMatchObject({ genre: "jazz", tonic, mode })
    expect(cover("jazz ballad in D minor")).toMatchObject({ tonic: 2, mode: "minor" })
  })

  it("covers the lines the source sang, in its sections, when the lyrics hold them all", () => {
    const source = popFacts()
    const sung = (lyricsOfCover: string) =>
      restylePlan({ ...request, lyrics: lyricsOfCover, style: "as a jazz ballad" }, source).sections
    expect(sung(lyrics).map((section) => section.lines)).toEqual(
      source.sections.map((section) => section.lines),
    )
    expect(sung(lyrics).map((section) => section.kind)).toEqual(["verse", "chorus", "verse"])
    // Other words make a song of their own (made 30 s long, so the chorus comes again).
    expect(sung("[Verse]\nSomething else entirely\n[Chorus]\nOh oh").length).toBeGreaterThan(2)
  })
})
