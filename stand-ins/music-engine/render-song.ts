import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { RenderedSong, SongRequest } from "#modules/media/ports.ts"
import { sampleRate } from "./bar-grid.ts"
import { type FinishedSong, masteredSong } from "./finished-song.ts"
import { encodeMp3 } from "./mp3-encoder.ts"
import { playSong } from "./play-song.ts"
import { factsOf, sungRegionsOf } from "./render-facts.ts"
import { extendSong, replaceSection } from "./reshape.ts"
import { restylePlan } from "./restyle.ts"
import { songMidi } from "./song-midi.ts"
import { newSongPlan } from "./song-plan.ts"
import { workDirOf } from "./work-dir.ts"

/** The song a request asks for: a new one, or one reshaped from an earlier render. */
const finishedSong = async (
  request: SongRequest,
  workDir: string,
  stage: (name: string) => void,
): Promise<FinishedSong> => {
  const { reshape, soundfont } = request
  if (reshape === undefined)
    return masteredSong(await playSong(newSongPlan(request), soundfont, workDir, stage))
  switch (reshape.kind) {
    case "restyle":
      return masteredSong(
        await playSong(restylePlan(request, reshape.source), soundfont, workDir, stage),
      )
    case "extend":
      return extendSong(request, reshape, workDir, stage)
    case "replace-section":
      return replaceSection(request, reshape, workDir, stage)
    default:
      return reshape satisfies never
  }
}

/**
 * Title, lyrics, style and seed to a finished song, `song.wav` (44.1 kHz, 16-bit stereo) and `song.mp3`
 * in `outDir`, with the facts a later reshaping starts from. Each file appears only once complete. The
 * same request writes the same bytes: every choice is drawn from a generator seeded by the request (and
 * the source's record), and every program run is deterministic.
 */
export const renderSong = async (
  request: SongRequest,
  log: (stage: string, ms: number) => void = () => {},
): Promise<RenderedSong> => {
  const started = performance.now()
  let stageStart = started
  const stage = (name: string) => {
    const now = performance.now()
    log(name, Math.round(now - stageStart))
    stageStart = now
  }
  const { title, outDir } = request
  const workDir = workDirOf(outDir)
  await rm(workDir, { recursive: true, force: true })
  await mkdir(workDir, { recursive: true })
  try {
    const song = await finishedSong(request, workDir, stage)
    stage("mastering")

    const wavPath = join(outDir, "song.wav")
    const mp3Path = join(outDir, "song.mp3")
    const midiPath = song.score && join(outDir, "song.mid")
    const { tonic, mode } = song.record.style
    const midi =
      song.score && songMidi({ title, tonic, mode, ...song.score, lines: song.score.words })
    const files = Promise.all([
      midi &&
        writeFile(join(workDir, "song.mid"), midi).then(() =>
          rename(join(workDir, "song.mid"), midiPath!),
        ),
      encodeMp3(song.wav, join(workDir, "song.mp3"), title).then(() =>
        rename(join(workDir, "song.mp3"), mp3Path),
      ),
      writeFile(join(workDir, "song.wav"), song.wav).then(() =>
        rename(join(workDir, "song.wav"), wavPath),
      ),
    ])
    const { lufs, truePeakDb } = song.measure() // while lame encodes
    await files
    stage("files")

    const durationMs = Math.round((song.length / sampleRate) * 1000)
    return {
      wavPath,
      mp3Path,
      midiPath,
      durationMs,
      renderMs: Math.round(performance.now() - started),
      lufs: Math.round(lufs * 100) / 100,
      truePeakDb: Math.round(truePeakDb * 100) / 100,
      genre: song.record.style.genre,
      vocalRegions: song.sung ? sungRegionsOf(song.record) : [],
      facts: factsOf(song.record, durationMs),
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
