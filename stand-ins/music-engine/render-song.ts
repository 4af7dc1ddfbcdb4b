import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { RenderedSong, SongRequest } from "#modules/media/ports.ts"
import { findSoundfont, playPart, splitBand } from "./fluidsynth.ts"
import { truePeakDb } from "./loudness.ts"
import { type LyricSection, parseLyrics } from "./lyrics.ts"
import { master } from "./mastering.ts"
import { mixdown } from "./mixdown.ts"
import { encodeMp3 } from "./mp3-encoder.ts"
import { hashString, Random } from "./seeded-random.ts"
import { arrangeToFit, fitSections, secondsOf } from "./song-length.ts"
import { parseStyle } from "./style.ts"
import { estimateSyllables } from "./syllables.ts"
import { voiceBus } from "./vocal-chain.ts"
import { singVocals, speakLyrics, sungRegions, syllablesOf } from "./vocals.ts"
import { readWav, wav16Of } from "./wav-file.ts"
import { workDirOf } from "./work-dir.ts"

const sampleRate = 44100
const defaultMaxSeconds = 150

const sum = (tracks: ReadonlyArray<ReadonlyArray<Float32Array>>) =>
  [0, 1].map((c) => {
    const total = new Float32Array(Math.max(...tracks.map((track) => track[0]!.length)))
    for (const track of tracks) {
      const channel = track[c] ?? track[0]!
      for (let i = 0; i < channel.length; i++) total[i]! += channel[i]!
    }
    return total
  })

/**
 * Title, lyrics, style and seed to a finished song, `song.wav` (44.1 kHz, 16-bit stereo) and `song.mp3`
 * in `outDir`. Each file appears only once complete. The same request writes the same bytes: every choice
 * is drawn from a generator seeded by the whole request, and every program run is deterministic.
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
  const { title, lyrics, seed, outDir } = request
  const random = new Random(
    hashString(`${title}\u0000${lyrics}\u0000${request.style}\u0000${seed}`),
  )
  const written = parseStyle(request.style, random.fork("style"))
  // An instrumental's lead instrument plays the melody the voice would have sung.
  const style = request.instrumental ? { ...written, vocals: null } : written
  const soundfont = findSoundfont(request.soundfont)
  const maxSeconds = request.maxSeconds ?? defaultMaxSeconds
  const workDir = workDirOf(outDir)
  await rm(workDir, { recursive: true, force: true })
  await mkdir(workDir, { recursive: true })
  try {
    const parsed = parseLyrics(lyrics)
    const sections: ReadonlyArray<LyricSection> =
      parsed.length > 0 ? parsed : [{ kind: "verse", lines: [title.trim() || "la la la"] }]
    const planned = fitSections(sections, style, maxSeconds).flatMap((section, index) =>
      section.lines.map((text) => ({ text, section: index, kind: section.kind })),
    )
    const spoken = style.vocals
      ? await speakLyrics(
          planned.map((line) => line.text),
          style.vocals,
          workDir,
        )
      : new Map()
    stage("speech")

    const lyricLines = planned.flatMap((line) => {
      const speech = spoken.get(line.text)
      const syllables = speech ? syllablesOf(speech) : estimateSyllables(line.text)
      return syllables.length > 0 ? [{ ...line, syllables, spoken: speech }] : []
    })
    const composeSeed = Math.floor(random.next() * 4294967296)
    const { arrangement, lines } = arrangeToFit(style, lyricLines, composeSeed, maxSeconds)
    stage("composition")

    const length = Math.ceil(secondsOf(arrangement) * sampleRate)
    // FluidSynth starts here, before the voice is sung below on this thread: the cores work together.
    const band = Promise.all(
      splitBand(arrangement).map((part, i) =>
        playPart(arrangement, part, soundfont, workDir, `band-${i}`),
      ),
    )
    const sungLines = lines.flatMap((line) =>
      line.spoken ? [{ ...line, spoken: line.spoken }] : [],
    )
    const sung =
      style.vocals && sungLines.length > 0 && sungLines.length === lines.length
        ? singVocals(arrangement, sungLines, style, length, sampleRate)
        : null
    const voice = sung ? voiceBus(sung.tracks, style, sampleRate) : null
    stage("singing")
    const bandMix = sum((await Promise.all((await band).map(readWav))).map((wav) => wav.channels))
    stage("instruments")

    const mixed = mixdown(bandMix, voice, style, length, sampleRate, random.fork("mix"))
    const fadeFrom = ((arrangement.bars - 1) * 4 * 60) / arrangement.bpm
    const lufs = master(mixed, sampleRate, fadeFrom)
    const wav = wav16Of({ sampleRate, channels: mixed })
    stage("mastering")

    const wavPath = join(outDir, "song.wav")
    const mp3Path = join(outDir, "song.mp3")
    const files = Promise.all([
      encodeMp3(wav, join(workDir, "song.mp3"), title).then(() =>
        rename(join(workDir, "song.mp3"), mp3Path),
      ),
      writeFile(join(workDir, "song.wav"), wav).then(() =>
        rename(join(workDir, "song.wav"), wavPath),
      ),
    ])
    const peak = truePeakDb(mixed) // while lame encodes
    await files
    stage("files")

    return {
      wavPath,
      mp3Path,
      durationMs: Math.round((length / sampleRate) * 1000),
      renderMs: Math.round(performance.now() - started),
      lufs: Math.round(lufs * 100) / 100,
      truePeakDb: Math.round(peak * 100) / 100,
      genre: style.genre,
      vocalRegions: sung ? sungRegions(sung.notes) : [],
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
