import { describe, expect, it } from "@effect/vitest"
import { compose, type LyricLine } from "./arrangement.ts"
import { splitBand } from "./fluidsynth.ts"
import { pitchClass, scaleOf } from "./harmony.ts"
import { parseLyrics } from "./lyrics.ts"
import { midiFileOf } from "./midi-file.ts"
import { channel } from "./score.ts"
import { Random } from "./seeded-random.ts"
import { parseStyle } from "./style.ts"
import { estimateSyllables } from "./syllables.ts"

const lyrics = `[Verse]
I woke up early with the sun in my eyes
Every little window full of summer skies
[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light
[Verse]
Paper airplanes flying over town
[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light`

const linesOf = (text: string): ReadonlyArray<LyricLine> =>
  parseLyrics(text).flatMap((section, index) =>
    section.lines.map((line) => ({
      section: index,
      kind: section.kind,
      syllables: estimateSyllables(line),
    })),
  )

const arrangementOf = (styleText: string, seed = 1) =>
  compose(parseStyle(styleText, new Random(seed)), linesOf(lyrics), new Random(seed))

describe("an arrangement", () => {
  it("sings every syllable once, one line after another, each line's notes in order", () => {
    const lines = linesOf(lyrics)
    const arrangement = arrangementOf("upbeat pop with female vocals")
    lines.forEach((line, index) => {
      const notes = arrangement.vocal.filter((note) => note.line === index)
      expect(notes).toHaveLength(line.syllables.length)
      for (let k = 1; k < notes.length; k++) {
        expect(notes[k]!.beat).toBeGreaterThanOrEqual(
          notes[k - 1]!.beat + notes[k - 1]!.beats - 1e-9,
        )
      }
    })
  })

  it("keeps the tune in the key and in the voice's range", () => {
    for (const [text, low, high] of [
      ["pop with female vocals", 55, 71],
      ["rock with male vocals", 45, 62],
    ] as const) {
      for (let seed = 1; seed <= 5; seed++) {
        const style = parseStyle(text, new Random(seed))
        const scale = scaleOf(style.tonic, style.mode)
        for (const note of arrangementOf(text, seed).vocal) {
          expect(note.pitch).not.toBeNull()
          expect(note.pitch!).toBeGreaterThanOrEqual(low)
          expect(note.pitch!).toBeLessThanOrEqual(high)
          expect(scale).toContain(pitchClass(note.pitch!))
        }
      }
    }
  })

  it("raps on speech pitch, and an instrumental's lead plays the tune", () => {
    expect(arrangementOf("hip-hop with rap").vocal.every((note) => note.pitch === null)).toBe(true)
    const instrumental = arrangementOf("jazz instrumental")
    const lead = instrumental.notes.filter((note) => note.channel === channel.lead)
    expect(lead).toHaveLength(instrumental.vocal.length)
  })

  it("has an intro, lyric sections of whole 4-bar phrases, a break after a chorus, and an outro", () => {
    const { sections, bars } = arrangementOf("pop")
    expect(sections.map((section) => section.kind)).toEqual([
      "intro",
      "verse",
      "chorus",
      "break",
      "verse",
      "chorus",
      "outro",
    ])
    for (const section of sections.filter((s) => s.kind === "verse" || s.kind === "chorus"))
      expect(section.bars % 4).toBe(0)
    const last = sections[sections.length - 1]!
    expect(last.startBar + last.bars).toBe(bars)
  })

  it("is the same for the same seed, and another for another", () => {
    expect(arrangementOf("country", 3)).toEqual(arrangementOf("country", 3))
    expect(arrangementOf("country", 3).notes).not.toEqual(arrangementOf("country", 4).notes)
  })
})

describe("the band's MIDI", () => {
  it("is split in two parts that play every note once, the strummed guitar by bars", () => {
    const arrangement = arrangementOf("upbeat pop with guitar and drums")
    const parts = splitBand(arrangement)
    expect(parts).toHaveLength(2)
    expect(parts.flatMap((part) => part.notes)).toHaveLength(arrangement.notes.length)
    expect(new Set(parts.flatMap((part) => part.notes))).toEqual(new Set(arrangement.notes))
    expect(parts.every((part) => part.channels.includes(channel.comp))).toBe(true)
  })

  it("is a format-0 Standard MIDI File at 480 ticks a beat, with the song's tempo", () => {
    const arrangement = arrangementOf("rock at 120 bpm")
    const file = midiFileOf(arrangement, { channels: [channel.bass], notes: arrangement.notes })
    const view = new DataView(file.buffer)
    expect(new TextDecoder().decode(file.subarray(0, 4))).toBe("MThd")
    expect([view.getUint16(8), view.getUint16(10), view.getUint16(12)]).toEqual([0, 1, 480])
    expect(new TextDecoder().decode(file.subarray(14, 18))).toBe("MTrk")
    expect(view.getUint32(18)).toBe(file.length - 22)
    // Delta 0, then the tempo meta event: 500,000 µs a beat.
    expect([...file.subarray(22, 29)]).toEqual([0, 0xff, 0x51, 3, 0x07, 0xa1, 0x20])
    expect([...file.subarray(file.length - 3)]).toEqual([0xff, 0x2f, 0])
  })
})
