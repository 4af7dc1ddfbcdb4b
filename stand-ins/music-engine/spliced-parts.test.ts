import { readFile } from "node:fs/promises"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { parseMidi } from "midi-file"
import { decodeSyncedLyricsJson, type SyncedLine } from "#modules/catalog/api-synced-lyrics.ts"
import type { RenderedSong } from "#modules/music/ports.ts"
import {
  extensionOf,
  minute,
  newVerse,
  replacementOf,
  Source,
  SourceLive,
  twiceTheVerse,
} from "./test-reshapes.ts"

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

/** A render's MIDI file: its tracks' names, and the vocal track's syllables at their ticks and notes. */
const vocalsOf = (song: RenderedSong) =>
  Effect.promise(() => readFile(song.midiPath!)).pipe(
    Effect.map((bytes) => {
      const { tracks } = parseMidi(bytes)
      const nameOf = (track: (typeof tracks)[number]) => {
        const named = track.find((event) => event.type === "trackName")
        return named?.type === "trackName" ? named.text : ""
      }
      const vocals = tracks.find((track) => nameOf(track) === "Vocals")!
      let tick = 0
      const syllables: Array<[number, string]> = []
      let notes = 0
      for (const event of vocals) {
        tick += event.deltaTime
        if (event.type === "lyrics") syllables.push([tick, event.text])
        if (event.type === "noteOn" && event.velocity > 0) notes++
      }
      return { names: tracks.map(nameOf), syllables, notes }
    }),
  )

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "")
const sungLetters = (song: RenderedSong) =>
  letters(song.facts.sections.flatMap((section) => section.lines).join(" "))
const syllableLetters = (syllables: ReadonlyArray<[number, string]>) =>
  letters(syllables.map(([, text]) => text).join(""))

// The real clock: renders take real seconds.
layer(SourceLive, { excludeTestServices: true })("a song joined from two takes", (it) => {
  it.scoped(
    "knows when its words are sung and has a MIDI file: the source's up to the joint, then the continuation's",
    () =>
      Effect.gen(function* () {
        const source = yield* Source
        const chorus = source.facts.sections[1]!
        const song = yield* extensionOf(source, chorus.endMs)
        const continuation = song.facts.sections[2]!
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

        const sourceVocals = yield* vocalsOf(source)
        const joined = yield* vocalsOf(song)
        expect(joined.names).toEqual(sourceVocals.names)
        const kept = sourceVocals.syllables.length
        expect(joined.syllables.slice(0, kept)).toEqual(sourceVocals.syllables)
        expect(joined.syllables.length).toBeGreaterThan(kept)
        expect(joined.notes).toBe(joined.syllables.length)
        expect(syllableLetters(joined.syllables)).toBe(sungLetters(song))
      }),
    2 * minute,
  )

  it.scoped(
    "with a section replaced, has the new lines where they are sung and the rest moved by the change",
    () =>
      Effect.gen(function* () {
        const source = yield* Source
        const verse = source.facts.sections[0]!
        const song = yield* replacementOf(source, verse)
        const longer = song.durationMs - source.durationMs
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
        expect(syllableLetters(joined.syllables)).toBe(sungLetters(song))
      }),
    2 * minute,
  )
})
