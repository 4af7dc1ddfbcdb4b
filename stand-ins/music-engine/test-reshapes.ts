import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { MusicEngine, type RenderedSong, type SongRequest } from "#modules/music/ports.ts"
import { MusicEngineLive } from "./child-process.ts"
import { goldenLyrics } from "./test-audio-measures.ts"

/** Renders for the reshaping tests: one source song, and what a reshaping of it names. */

export const newVerse = `Paper airplanes flying over town
Every worry that we had is falling down`

export const twiceTheVerse = `${newVerse}
Your hand in mine, we never walk alone
Every road we take is leading home`

export const pop = "upbeat pop with female vocals, guitar and drums"
export const minute = 60_000

const scratchDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "melody-reshape-test-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
)

export const render = (request: Omit<SongRequest, "outDir" | "title" | "seed">) =>
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

/** One song every reshaping starts from. */
export class Source extends Context.Tag("Source")<Source, RenderedSong>() {}

export const SourceLive = Layer.scoped(Source, render({ lyrics: goldenLyrics, style: pop })).pipe(
  Layer.provideMerge(MusicEngineLive),
)

/** The source as a reshaping names it: its audio, its timed lyrics, its MIDI file and its facts. */
export const from = (source: RenderedSong) => ({
  sourceAudio: source.mp3Path,
  sourceLyrics: source.syncedLyricsPath,
  sourceMidi: source.midiPath,
  source: source.facts,
})

/** The source sung on from `atMs` with a new verse. */
export const extensionOf = (source: RenderedSong, atMs: number) =>
  render({
    lyrics: `[Verse]\n${newVerse}`,
    style: pop,
    reshape: { kind: "extend", ...from(source), atMs },
  })

/** The source with one of its sections sung anew, twice as long. */
export const replacementOf = (
  source: RenderedSong,
  section: { readonly startMs: number; readonly endMs: number },
) =>
  render({
    lyrics: twiceTheVerse,
    style: pop,
    reshape: {
      kind: "replace-section",
      ...from(source),
      startMs: section.startMs,
      endMs: section.endMs,
    },
  })
