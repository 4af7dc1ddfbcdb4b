import type { SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import type { Arrangement, ComposeOptions } from "./arrangement.ts"
import { sampleRate } from "./bar-grid.ts"
import { type PlayedRecord, recordOf } from "./engine-record.ts"
import { findSoundfont, playPart, splitBand } from "./fluidsynth.ts"
import type { LyricSection } from "./lyrics.ts"
import { mixdown } from "./mixdown.ts"
import type { Random } from "./seeded-random.ts"
import { arrangeToFit, secondsOf } from "./song-length.ts"
import { type Stems, stemParts, stemsOf } from "./stems.ts"
import type { Style } from "./style.ts"
import { estimateSyllables } from "./syllables.ts"
import { syncedLyricsOf } from "./synced-lyrics.ts"
import { voiceBus } from "./vocal-chain.ts"
import { type SungWords, writtenWords } from "./vocal-midi.ts"
import { singVocals, speakLyrics, syllablesOf } from "./vocals.ts"
import { readWav } from "./wav-file.ts"

/** What to play: the style as resolved, the sections to sing (already fitted), and the draws to make. */
export interface SongPlan {
  readonly style: Style
  readonly sections: ReadonlyArray<LyricSection>
  readonly composeSeed: number
  readonly compose: ComposeOptions
  /** Trailing sections go until the arrangement fits. */
  readonly maxSeconds: number
  readonly mixRandom: Random
  /** The band level to set the voice against: the song's, for new music in it. */
  readonly voiceBed?: number | undefined
}

/** A played song, before mastering: the band and the voice on one stereo bus. */
export interface PlayedSong {
  readonly mix: [Float32Array, Float32Array]
  readonly voiceBed: number
  readonly arrangement: Arrangement
  readonly record: PlayedRecord
  /** Whether a voice sings it. */
  readonly sung: boolean
  /** The words sung on each of the arrangement's lines, for the MIDI file's lyrics; none unsung. */
  readonly words: ReadonlyArray<SungWords>
  /** When each line and word is sung; null unsung. */
  readonly syncedLyrics: SyncedLyrics | null
  /** Each part alone, as it is in the mix, when they were asked for. */
  readonly stems: Stems | null
}

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
 * Speech, composition, band and voice for a plan, and with `keepStems` each part apart as well. Every choice is drawn from the plan's seeds, and every
 * program run is deterministic, so the same plan plays the same samples.
 */
export const playSong = async (
  plan: SongPlan,
  soundfontPath: string | undefined,
  workDir: string,
  stage: (name: string) => void,
  keepStems = false,
): Promise<PlayedSong> => {
  const { style } = plan
  const soundfont = findSoundfont(soundfontPath)
  const planned = plan.sections.flatMap((section, index) =>
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
  const { arrangement, lines } = arrangeToFit(
    style,
    lyricLines,
    plan.composeSeed,
    plan.maxSeconds,
    plan.compose,
  )
  stage("composition")

  const length = Math.ceil(secondsOf(arrangement) * sampleRate)
  // FluidSynth starts here, before the voice is sung below on this thread: the cores work together.
  // For stems, each unit of the band apart: the same notes, split the same way, so the same band.
  const units = keepStems ? stemParts(arrangement) : null
  const parts = units ?? splitBand(arrangement)
  const band = Promise.all(
    parts.map((part, i) =>
      playPart(arrangement, part, soundfont, workDir, `band-${i}`).then(readWav),
    ),
  )
  const sungLines = lines.flatMap((line) => (line.spoken ? [{ ...line, spoken: line.spoken }] : []))
  const sung =
    style.vocals && sungLines.length > 0 && sungLines.length === lines.length
      ? singVocals(arrangement, sungLines, style, length, sampleRate)
      : null
  const voice = sung ? voiceBus(sung.tracks, style, sampleRate) : null
  stage("singing")
  const played = (await band).map((wav) => wav.channels)
  const bandMix = sum(played)
  stage("instruments")

  const words = sung ? lines.map((line) => writtenWords(line.text, line.spoken)) : []
  const mixed = mixdown(bandMix, voice, style, length, sampleRate, plan.mixRandom, plan.voiceBed)
  return {
    stems: units
      ? stemsOf(
          units.map((unit, i) => ({ stem: unit.stem, channels: played[i]! })),
          mixed,
          voice,
          style,
          length,
          sampleRate,
        )
      : null,
    mix: mixed.channels,
    voiceBed: mixed.bed,
    arrangement,
    record: recordOf(style, plan.composeSeed, arrangement, lines),
    sung: sung !== null,
    words,
    syncedLyrics:
      sung &&
      syncedLyricsOf(
        lines.map((line, i) => ({ text: line.text, words: words[i]! })),
        arrangement.vocal,
        sung.placed,
      ),
  }
}
