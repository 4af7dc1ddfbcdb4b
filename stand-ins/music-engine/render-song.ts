import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { RenderedSong, SongRequest } from "#modules/music/ports.ts"
import { sampleRate } from "./bar-grid.ts"
import { coverImages } from "./cover-image.ts"
import { type FinishedSong, masteredSong } from "./finished-song.ts"
import { encodeMp3 } from "./mp3-encoder.ts"
import { playSong } from "./play-song.ts"
import { factsOf, sungRegionsOf } from "./render-facts.ts"
import { extendSong, replaceSection } from "./reshape.ts"
import { restylePlan } from "./restyle.ts"
import { songMidi } from "./song-midi.ts"
import { newSongPlan, requestRandom } from "./song-plan.ts"
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
 * in `outDir` with its cover (`cover.webp`, `cover.jpg`; and `song.mid` and, sung, `song.lyrics.json`
 * for a song played whole), with the facts a later reshaping starts from. Each file appears only once complete. The same request writes the same
 * bytes: every choice is drawn from a generator seeded by the request (and the source's record), and
 * every program run is deterministic.
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

    // Each file is written in the work folder and moved into place whole.
    const placed = (name: string, write: (path: string) => Promise<unknown>) =>
      write(join(workDir, name)).then(() => rename(join(workDir, name), join(outDir, name)))
    const { score } = song
    const { tonic, mode } = song.record.style
    const midi =
      song.splicedMidi ?? (score && songMidi({ title, tonic, mode, ...score, lines: score.words }))
    stage("midi")
    const files = Promise.all([
      midi && placed("song.mid", (path) => writeFile(path, midi)),
      song.syncedLyrics &&
        placed("song.lyrics.json", (path) => writeFile(path, JSON.stringify(song.syncedLyrics))),
      coverImages({ ...song.record.style, random: requestRandom(request).fork("cover") }).then(
        (cover) =>
          Promise.all([
            placed("cover.webp", (path) => writeFile(path, cover.webp)),
            placed("cover.jpg", (path) => writeFile(path, cover.jpeg)),
          ]),
      ),
      placed("song.mp3", (path) => encodeMp3(song.wav, path, title)),
      placed("song.wav", (path) => writeFile(path, song.wav)),
    ])
    const { lufs, truePeakDb } = song.measure() // while lame encodes
    await files
    stage("files")

    const durationMs = Math.round((song.length / sampleRate) * 1000)
    return {
      wavPath: join(outDir, "song.wav"),
      mp3Path: join(outDir, "song.mp3"),
      midiPath: midi && join(outDir, "song.mid"),
      syncedLyricsPath: song.syncedLyrics ? join(outDir, "song.lyrics.json") : null,
      coverPaths: { webp: join(outDir, "cover.webp"), jpeg: join(outDir, "cover.jpg") },
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
