import type { SpokenLine } from "./festival.ts"
import { midiToHz } from "./harmony.ts"
import { nearestMark, type PitchMarks, pitchMarks, trackPitch } from "./pitch-marks.ts"
import { placeSyllable } from "./syllable-placement.ts"

/** A spoken line ready to be sung: its audio and its grains. */
export interface SungLine {
  readonly spoken: SpokenLine
  readonly marks: PitchMarks
}

/** A syllable to sing: when (seconds), on which note (null: rapped), and where it is in the lyrics. */
export interface SungNote {
  readonly start: number
  readonly seconds: number
  readonly pitch: number | null
  readonly line: number
  readonly word: number
  readonly syllable: number
}

/** How one pass of the voice sings: the lead, or a chorus double a little off in time and pitch. */
export interface Performance {
  /** Semitones, peak. */
  readonly vibratoDepth: number
  readonly vibratoRate: number
  readonly vibratoPhase: number
  readonly detuneCents: number
  /** Seconds late. */
  readonly delay: number
}

export const prepareLine = (spoken: SpokenLine, lowestHz: number, highestHz: number): SungLine => ({
  spoken,
  marks: pitchMarks(
    spoken.audio,
    spoken.sampleRate,
    trackPitch(spoken.audio, spoken.sampleRate, lowestHz, highestHz),
  ),
})

const hannWindows = new Map<number, Float32Array>()
const hann = (length: number) => {
  let window = hannWindows.get(length)
  if (!window) {
    window = new Float32Array(length)
    for (let i = 0; i < length; i++)
      window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / length)
    hannWindows.set(length, window)
  }
  return window
}

/**
 * Where a syllable was sung, in seconds: from its vowel, which lands on the note's beat (the consonants
 * before it are a little ahead, and mostly quiet), to the end of its last consonant.
 */
export interface SungAt {
  readonly start: number
  readonly end: number
}

/**
 * TD-PSOLA: every output period takes the nearest source grain (two periods, Hann-windowed) through a
 * piecewise-linear time map, spaced at the note's period. The pitch scoops into the note, glides from the
 * previous one, and gets vibrato once held. Unvoiced grains keep their own spacing, so sibilants keep
 * their sound. Returns where each note's syllable was sung (null for a note it had no syllable for).
 */
export const sing = (
  lines: ReadonlyArray<SungLine>,
  notes: ReadonlyArray<SungNote>,
  out: Float32Array,
  sampleRate: number,
  performance: Performance,
  rap: boolean,
): ReadonlyArray<SungAt | null> => {
  const fadeLength = Math.round(0.012 * sampleRate)
  const placed: Array<SungAt | null> = []
  for (let index = 0; index < notes.length; index++) {
    const note = notes[index]!
    const line = lines[note.line]
    const syllable = line?.spoken.words[note.word]?.syllables[note.syllable]
    placed.push(null)
    if (!line || !syllable) continue
    const { source, target } = placeSyllable(notes, index, line, performance, rap)
    placed[index] = { start: Math.max(0, target[1]), end: target[3] }
    const timeMap = (t: number) => {
      for (let k = 0; k < 3; k++) {
        if (t <= target[k + 1]! || k === 2) {
          const span = target[k + 1]! - target[k]!
          const along = span > 1e-6 ? (t - target[k]!) / span : 0
          return source[k]! + Math.max(0, Math.min(1, along)) * (source[k + 1]! - source[k]!)
        }
      }
      return source[3]
    }

    const previous = notes[index - 1]
    const glideFrom =
      previous &&
      previous.line === note.line &&
      previous.pitch !== null &&
      note.pitch !== null &&
      previous.start + previous.seconds > note.start - 0.08
        ? previous.pitch
        : null
    const vowelAt = target[1]
    const heldFor = target[3] - vowelAt
    const pitchAt = (t: number) => {
      let pitch = note.pitch!
      const sinceVowel = t - vowelAt
      if (glideFrom !== null && sinceVowel < 0.07) {
        const a = Math.max(0, sinceVowel / 0.07)
        pitch = glideFrom + (pitch - glideFrom) * (a * a * (3 - 2 * a))
      } else if (sinceVowel < 0.09) {
        pitch -= 0.35 * (1 - Math.max(0, sinceVowel) / 0.09)
      }
      if (heldFor > 0.35) {
        const onset = Math.max(0, Math.min(1, (sinceVowel - 0.22) / 0.3))
        pitch +=
          performance.vibratoDepth *
          onset *
          Math.sin(2 * Math.PI * performance.vibratoRate * sinceVowel + performance.vibratoPhase)
      }
      return pitch + performance.detuneCents / 100
    }

    const { marks } = line
    const input = line.spoken.audio
    const first = Math.floor(target[0] * sampleRate)
    const last = Math.ceil(target[3] * sampleRate)
    for (let t = first; t < last; ) {
      const at = Math.round(t)
      const mark = nearestMark(marks, timeMap(t / sampleRate) * sampleRate)
      const period = marks.period[mark]!
      const center = marks.position[mark]!
      const voiced = marks.voiced[mark] === 1
      const outPeriod =
        voiced && note.pitch !== null
          ? sampleRate / midiToHz(pitchAt(t / sampleRate))
          : voiced && rap
            ? period * 2 ** (-performance.detuneCents / 1200)
            : period
      const window = hann(2 * period)
      // Closer grains overlap more: scale by the spacing ratio to keep the level.
      const gain =
        Math.min(2, outPeriod / period) *
        Math.max(0, Math.min(1, (t - first) / fadeLength + 0.05, (last - t) / fadeLength + 0.05))
      const from = Math.max(0, period - center, period - at)
      const to = Math.min(2 * period, input.length - center + period, out.length - at + period)
      for (let i = from; i < to; i++)
        out[at - period + i]! += input[center - period + i]! * window[i]! * gain
      t += Math.max(16, outPeriod)
    }
  }
  return placed
}
