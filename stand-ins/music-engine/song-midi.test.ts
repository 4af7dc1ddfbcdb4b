import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { type MidiData, type MidiEvent, parseMidi } from "midi-file"
import { MusicEngine } from "#modules/music/ports.ts"
import { MusicEngineLive } from "./child-process.ts"
import { goldenLyrics } from "./test-audio-measures.ts"

const lyrics = goldenLyrics

const render = (style: string, instrumental = false) =>
  Effect.gen(function* () {
    const engine = yield* MusicEngine
    const outDir = yield* Effect.acquireRelease(
      Effect.promise(() => mkdtemp(join(tmpdir(), "melody-midi-test-"))),
      (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
    )
    const song = yield* engine.render({
      title: "Golden",
      lyrics,
      style,
      instrumental,
      seed: 3,
      outDir,
      maxSeconds: 40,
      timeoutMs: 60_000,
    })
    const bytes = yield* Effect.promise(() => readFile(song.midiPath!))
    return { song, midi: parseMidi(bytes) }
  })

const named = (midi: MidiData, name: string) =>
  midi.tracks.find((track) =>
    track.some((event) => event.type === "trackName" && event.text === name),
  )

const ofType = <T extends MidiEvent["type"]>(track: ReadonlyArray<MidiEvent>, type: T) =>
  track.filter((event): event is Extract<MidiEvent, { type: T }> => event.type === type)

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "")

layer(MusicEngineLive, { excludeTestServices: true })("the song as MIDI", (it) => {
  it.scoped(
    "a track per part with its program, the drums on channel 10, the tempo and key, and the lyrics on the sung notes",
    () =>
      Effect.gen(function* () {
        const { song, midi } = yield* render("upbeat pop with female vocals, guitar and drums")
        const record = song.facts.engine as { style: { bpm: number; mode: string } }
        expect(midi.header.format).toBe(1)
        const [conductor, ...parts] = midi.tracks
        expect(ofType(conductor!, "setTempo")[0]!.microsecondsPerBeat).toBe(
          Math.round(60_000_000 / record.style.bpm),
        )
        expect(ofType(conductor!, "timeSignature")[0]).toMatchObject({
          numerator: 4,
          denominator: 4,
        })
        expect(ofType(conductor!, "keySignature")[0]!.scale).toBe(
          record.style.mode === "minor" ? 1 : 0,
        )
        expect(ofType(conductor!, "marker").map((marker) => marker.text)).toEqual(
          expect.arrayContaining(["Intro", "Verse", "Chorus"]),
        )
        const names = parts.map((track) => ofType(track, "trackName")[0]?.text)
        expect(names).toEqual(expect.arrayContaining(["Drums", "Bass", "Harmony", "Vocals"]))
        for (const track of parts) {
          expect(ofType(track, "programChange")).toHaveLength(1)
          expect(ofType(track, "noteOn").length).toBeGreaterThan(4)
        }
        const drums = named(midi, "Drums")!
        expect(new Set(ofType(drums, "noteOn").map((note) => note.channel))).toEqual(new Set([9]))

        // Every sung syllable carries its text, in the order the lines are sung.
        const vocals = named(midi, "Vocals")!
        const sung = ofType(vocals, "lyrics").map((event) => event.text)
        expect(sung).toHaveLength(ofType(vocals, "noteOn").length)
        expect(sung.filter((text) => text !== "-")).toContain("gol-")
        const sungLines = song.facts.sections.flatMap((section) => section.lines)
        expect(letters(sung.join(""))).toBe(letters(sungLines.join(" ")))
      }),
    120_000,
  )

  it.scoped("an instrumental has its parts and no vocal track", () =>
    Effect.gen(function* () {
      const { midi } = yield* render("upbeat pop with female vocals, guitar and drums", true)
      expect(named(midi, "Vocals")).toBeUndefined()
      expect(named(midi, "Lead")).toBeDefined()
      expect(midi.tracks.flatMap((track) => ofType(track, "lyrics"))).toEqual([])
    }),
  )
})
