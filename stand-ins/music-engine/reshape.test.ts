import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { RenderedSong } from "#modules/music/ports.ts"
import { decodeRecord } from "./engine-record.ts"
import { crossfadeSamples } from "./splice.ts"
import {
  decodeMono,
  decodeStereo16,
  differences,
  frameAt,
  goldenLyrics,
  longestSilence,
  sampleRate,
  stepAround,
  stepAroundBarLines,
} from "./test-audio-measures.ts"
import {
  extensionOf,
  from,
  minute,
  newVerse,
  pop,
  render,
  replacementOf,
  Source,
  SourceLive,
  twiceTheVerse,
} from "./test-reshapes.ts"

const lyrics = goldenLyrics

const labelsOf = (song: RenderedSong) => song.facts.sections.map((section) => section.label)
const linesOf = (song: RenderedSong) => song.facts.sections.map((section) => section.lines)
const syllablesOf = (song: RenderedSong) =>
  decodeRecord(song.facts.engine)
    .sections.flatMap((section) => section.lines)
    .reduce((sum, line) => sum + line.syllables, 0)
const stepAcross = (stereo: Int16Array, at: number) => stepAround(stereo, at, crossfadeSamples)
const stepAcrossBarLines = (stereo: Int16Array, barMs: number, from: number, to: number) =>
  stepAroundBarLines(stereo, barMs, from, to, crossfadeSamples)

// The real clock: renders take real seconds.
layer(SourceLive, { excludeTestServices: true })("reshaping a render", (it) => {
  it.effect("a render's facts name its sections as sung, where they are, and its voice", () =>
    Effect.gen(function* () {
      const { facts, durationMs } = yield* Source
      expect(labelsOf(yield* Source)).toEqual(["[Verse]", "[Chorus]"])
      expect(linesOf(yield* Source)).toEqual([
        ["I woke up early with the sun in my eyes", "Every little window full of summer skies"],
        ["We are golden, we are young tonight", "Hold on to me, we can touch the light"],
      ])
      let previousEnd = 0
      for (const section of facts.sections) {
        expect(section.startMs).toBeGreaterThanOrEqual(previousEnd)
        expect(section.endMs).toBeGreaterThan(section.startMs)
        previousEnd = section.endMs
      }
      expect(previousEnd).toBeLessThanOrEqual(facts.endMs)
      expect(facts.endMs).toBeLessThan(durationMs)
      expect(facts.durationMs).toBe(durationMs)
      expect(facts.voice).toEqual({ gender: "female", delivery: "sing" })
      expect(decodeRecord(JSON.parse(JSON.stringify(facts.engine))).style.genre).toBe("pop")
    }),
  )

  it.scoped(
    "an extension keeps the source sample for sample up to its bar line, then sings on without a gap or a click",
    () =>
      Effect.gen(function* () {
        const source = yield* Source
        const chorus = source.facts.sections[1]!
        const song = yield* extensionOf(source, chorus.endMs + source.facts.barMs / 2)
        // Half a bar after the chorus snaps back to its end.
        const at = frameAt(chorus.endMs)
        expect(labelsOf(song)).toEqual(["[Verse 1]", "[Chorus]", "[Verse 2]"])
        const continuation = song.facts.sections[2]!
        expect(continuation.startMs).toBe(chorus.endMs)
        expect(continuation.lines).toEqual(newVerse.split("\n"))
        // The continuation's section, then a 4-bar outro and the tail.
        expect(song.durationMs - chorus.endMs).toBeGreaterThan(
          continuation.endMs - continuation.startMs + 4 * source.facts.barMs,
        )

        const before = yield* decodeStereo16(source.mp3Path)
        const after = yield* decodeStereo16(song.wavPath)
        const kept = 2 * (at - crossfadeSamples - frameAt(1))
        expect(differences(after, before, 0, kept)).toBe(0)
        expect(differences(after, before, kept, kept + 2 * frameAt(200))).toBeGreaterThan(0)

        const mono = yield* decodeMono(song.wavPath)
        const end = mono.length / sampleRate - 3
        expect(longestSilence(mono, -50, at / sampleRate - 2, end)).toBeLessThan(1)
        expect(stepAcross(after, at)).toBeLessThanOrEqual(
          stepAcrossBarLines(before, source.facts.barMs, frameAt(1000), at),
        )
      }),
    2 * minute,
  )

  it.scoped("an extension asked for past the end joins where the source's fade starts", () =>
    Effect.gen(function* () {
      const source = yield* Source
      const song = yield* render({
        lyrics: newVerse,
        style: pop,
        reshape: { kind: "extend", ...from(source), atMs: source.durationMs + 10_000 },
      })
      expect(song.facts.sections.map((section) => section.startMs)).toEqual([
        ...source.facts.sections.map((section) => section.startMs),
        source.facts.endMs,
      ])
      const before = yield* decodeStereo16(source.mp3Path)
      const after = yield* decodeStereo16(song.wavPath)
      const kept = 2 * (frameAt(source.facts.endMs) - crossfadeSamples - frameAt(1))
      expect(differences(after, before, 0, kept)).toBe(0)
    }),
  )

  it.scoped(
    "a replaced section is sung anew and everything around it stays sample for sample",
    () =>
      Effect.gen(function* () {
        const source = yield* Source
        const verse = source.facts.sections[0]!
        const song = yield* replacementOf(source, verse)
        expect(linesOf(song)).toEqual([twiceTheVerse.split("\n"), linesOf(source)[1]])
        expect(song.facts.sections[0]!.startMs).toBe(verse.startMs)
        const longer = song.durationMs - source.durationMs
        expect(Math.abs(longer - (verse.endMs - verse.startMs))).toBeLessThanOrEqual(2)

        const before = yield* decodeStereo16(source.mp3Path)
        const after = yield* decodeStereo16(song.wavPath)
        const start = frameAt(verse.startMs) - crossfadeSamples - frameAt(1)
        expect(differences(after, before, 0, 2 * start)).toBe(0)
        // From the end back to the old section's end, moved by the change in length.
        const shift = before.length - after.length
        const newEnd = frameAt(song.facts.sections[0]!.endMs)
        expect(differences(after, before, 2 * (newEnd + frameAt(1)), after.length, shift)).toBe(0)
        // The new lines are new sound, joined without a click.
        const sung = 2 * frameAt(verse.startMs)
        const changed = differences(after, before, sung, 2 * (newEnd - crossfadeSamples))
        expect(changed).toBeGreaterThan(0.9 * (2 * (newEnd - crossfadeSamples) - sung))
        const drums = stepAcrossBarLines(
          before,
          source.facts.barMs,
          frameAt(1000),
          before.length / 2,
        )
        expect(stepAcross(after, frameAt(verse.startMs))).toBeLessThanOrEqual(drums)
        expect(stepAcross(after, newEnd)).toBeLessThanOrEqual(drums)
        expect(Math.abs(song.lufs - source.lufs)).toBeLessThan(1)
      }),
    2 * minute,
  )

  it.scoped(
    "a cover sings the same syllables in its own style, tempo and instruments, by the same voice",
    () =>
      Effect.gen(function* () {
        const source = yield* Source
        const song = yield* render({
          lyrics,
          style: "as a jazz ballad",
          reshape: { kind: "restyle", source: source.facts },
        })
        expect(song.genre).toBe("jazz")
        expect(syllablesOf(song)).toBe(syllablesOf(source))
        expect(linesOf(song)).toEqual(linesOf(source))
        const style = decodeRecord(song.facts.engine).style
        const sourceStyle = decodeRecord(source.facts.engine).style
        expect(style.bpm !== sourceStyle.bpm || style.comp !== sourceStyle.comp).toBe(true)
        expect(song.facts.voice).toEqual(source.facts.voice)
      }),
    2 * minute,
  )

  it.scoped(
    "a kept voice sings whatever the style asks for, and an instrumental has none",
    () =>
      Effect.gen(function* () {
        const voice = { gender: "male", delivery: "sing" } as const
        const [sung, rock, instrumental] = yield* Effect.all(
          [
            render({ lyrics, style: pop, voice }),
            render({
              lyrics: newVerse,
              style: "rock with female vocals and electric guitar",
              voice,
            }),
            render({ lyrics, style: pop, voice, instrumental: true }),
          ],
          { concurrency: "unbounded" },
        )
        for (const song of [sung, rock]) {
          expect(song.facts.voice).toEqual(voice)
          // What Festival was given to speak with.
          expect(decodeRecord(song.facts.engine).style.vocals).toEqual({
            voice: "male",
            delivery: "sing",
          })
          expect(song.vocalRegions.length).toBeGreaterThan(0)
        }
        expect(instrumental.facts.voice).toBeNull()
        expect(instrumental.vocalRegions).toEqual([])
      }),
    2 * minute,
  )
})
