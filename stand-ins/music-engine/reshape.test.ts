import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { parseMidi } from "midi-file"
import { decodeSyncedLyricsJson, type SyncedLine } from "#events/contracts/synced-lyrics.ts"
import { MusicEngine, type RenderedSong, type SongRequest } from "#modules/media/ports.ts"
import { MusicEngineLive } from "./child-process.ts"
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

const lyrics = goldenLyrics

const newVerse = `Paper airplanes flying over town
Every worry that we had is falling down`

const twiceTheVerse = `${newVerse}
Your hand in mine, we never walk alone
Every road we take is leading home`

const pop = "upbeat pop with female vocals, guitar and drums"
const minute = 60_000
const scratchDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "melody-reshape-test-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
)

const render = (request: Omit<SongRequest, "outDir" | "title" | "seed">) =>
  Effect.gen(function* () {
    const engine = yield* MusicEngine
    const outDir = yield* scratchDir
    return yield* engine.render({
      title: "Golden",
      seed: 1,
      maxSeconds: 40,
      timeoutMs: minute,
      outDir,
      ...request,
    })
  })

/** One song every reshaping here starts from. */
class Source extends Context.Tag("Source")<Source, RenderedSong>() {}

const SourceLive = Layer.scoped(Source, render({ lyrics, style: pop })).pipe(
  Layer.provideMerge(MusicEngineLive),
)

/** The source as a reshaping names it: its audio, its timed lyrics and its facts. */
const from = (source: RenderedSong) => ({
  sourceAudio: source.mp3Path,
  sourceLyrics: source.syncedLyricsPath,
  sourceMidi: source.midiPath,
  source: source.facts,
})

/** A render's sung syllables as its MIDI file's vocal track gives them, each at its tick, and its notes. */
const vocalsOf = (song: RenderedSong) =>
  Effect.promise(() => readFile(song.midiPath!)).pipe(
    Effect.map((bytes) => {
      const { tracks } = parseMidi(bytes)
      const names = tracks.map((track) => track.find((e) => e.type === "trackName"))
      const vocals = tracks.find((track) =>
        track.some((event) => event.type === "trackName" && event.text === "Vocals"),
      )!
      let tick = 0
      const syllables: Array<[number, string]> = []
      let notes = 0
      for (const event of vocals) {
        tick += event.deltaTime
        if (event.type === "lyrics") syllables.push([tick, event.text])
        if (event.type === "noteOn" && event.velocity > 0) notes++
      }
      return { names: names.map((e) => (e?.type === "trackName" ? e.text : "")), syllables, notes }
    }),
  )
const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "")
const sungLetters = (song: RenderedSong) =>
  letters(song.facts.sections.flatMap((section) => section.lines).join(" "))

/** A render's timed lines, read back from its file. */
const timedLines = (song: RenderedSong) =>
  Effect.promise(() => readFile(song.syncedLyricsPath!, "utf8")).pipe(
    Effect.flatMap(decodeSyncedLyricsJson),
    Effect.map((synced) => synced.lines),
  )

/** Every line and word starts no earlier than the one before it. */
const inOrder = (lines: ReadonlyArray<SyncedLine>) => {
  const starts = lines.flatMap((line) => [line.startMs, ...line.words.map((word) => word.startMs)])
  return starts.every((start, i) => i === 0 || start >= starts[i - 1]!)
}
const rangeOf = ({ startMs, endMs }: { startMs: number; endMs: number }) => ({ startMs, endMs })
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
        const song = yield* render({
          lyrics: `[Verse]\n${newVerse}`,
          style: pop,
          reshape: { kind: "extend", ...from(source), atMs: chorus.endMs + source.facts.barMs / 2 },
        })
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

        // The source's lines as they were, then the continuation's where it is sung.
        const sourceLines = yield* timedLines(source)
        const lines = yield* timedLines(song)
        expect(lines.slice(0, sourceLines.length)).toEqual(sourceLines)
        expect(lines.slice(sourceLines.length).map((line) => line.text)).toEqual(
          newVerse.split("\n"),
        )
        for (const line of lines.slice(sourceLines.length)) {
          expect(line.startMs).toBeGreaterThanOrEqual(continuation.startMs)
          expect(line.endMs).toBeLessThanOrEqual(continuation.endMs + source.facts.barMs)
        }
        expect(inOrder(lines)).toBe(true)

        // Its MIDI file: the source's syllables where they were, then the continuation's, on their notes.
        const sourceVocals = yield* vocalsOf(source)
        const joined = yield* vocalsOf(song)
        expect(joined.names).toEqual(sourceVocals.names)
        const sourceSyllables = sourceVocals.syllables.length
        expect(joined.syllables.slice(0, sourceSyllables)).toEqual(sourceVocals.syllables)
        expect(joined.syllables.length).toBeGreaterThan(sourceSyllables)
        expect(joined.notes).toBe(joined.syllables.length)
        expect(letters(joined.syllables.map(([, text]) => text).join(""))).toBe(sungLetters(song))
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
        const song = yield* render({
          lyrics: twiceTheVerse,
          style: pop,
          reshape: { kind: "replace-section", ...from(source), ...rangeOf(verse) },
        })
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

        // The new lines where they are sung, the chorus's moved by the change in length.
        const lines = yield* timedLines(song)
        const chorus = (yield* timedLines(source)).slice(2)
        expect(lines.map((line) => line.text)).toEqual([
          ...twiceTheVerse.split("\n"),
          ...chorus.map((line) => line.text),
        ])
        const replaced = song.facts.sections[0]!
        for (const line of lines.slice(0, 4)) {
          expect(line.startMs).toBeGreaterThanOrEqual(replaced.startMs)
          expect(line.endMs).toBeLessThanOrEqual(replaced.endMs + source.facts.barMs)
        }
        lines.slice(4).forEach((line, i) => {
          expect(Math.abs(line.startMs - (chorus[i]!.startMs + longer))).toBeLessThanOrEqual(2)
        })
        expect(inOrder(lines)).toBe(true)
        const joined = yield* vocalsOf(song)
        expect(joined.notes).toBe(joined.syllables.length)
        expect(letters(joined.syllables.map(([, text]) => text).join(""))).toBe(sungLetters(song))
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
