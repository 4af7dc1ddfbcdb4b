import { type Chord, notesIn, pitchClass } from "./harmony.ts"
import type { Phrase } from "./phrasing.ts"
import type { Random } from "./seeded-random.ts"
import type { SyllableShape } from "./syllables.ts"

export interface TuneContext {
  /** The bar the line starts in. */
  readonly bar: number
  readonly chords: ReadonlyArray<Chord>
  readonly scale: ReadonlyArray<number>
  readonly range: readonly [number, number]
  readonly tonic: number
  readonly chorus: boolean
  /** The second line of a pair: it falls and ends on the tonic, where the first line left a question. */
  readonly answer: boolean
}

/** Contour shapes over a line, x from 0 to 1: arch, rise, fall, wave. */
const contours = [
  (x: number) => Math.sin(Math.PI * x),
  (x: number) => x - 0.3,
  (x: number) => 0.7 - x,
  (x: number) => Math.sin(2 * Math.PI * x) * 0.8,
]

const leapCost = (interval: number, strong: boolean) =>
  interval === 0
    ? 0.9
    : interval <= 2
      ? 0
      : interval <= 4
        ? 0.5
        : interval <= 7
          ? strong
            ? 1.4
            : 2.6
          : 6

/**
 * One pitch per syllable. Each candidate note of the scale is scored: steps over leaps, near the contour,
 * chord tones on strong beats and stressed syllables, no third repeat, a cadence at the end; a little
 * seeded jitter keeps two lines of the same shape from being the same tune.
 */
export const tuneFor = (
  phrase: Phrase,
  syllables: ReadonlyArray<SyllableShape>,
  context: TuneContext,
  random: Random,
): ReadonlyArray<number> => {
  const [low, high] = context.range
  const center = low + Math.round((high - low) * (context.chorus ? 0.6 : 0.4))
  const candidates = notesIn(context.scale, low, high)
  const contour = contours[random.integer(0, 3)]!
  const amplitude = context.chorus ? 5 : 4
  const count = phrase.starts.length
  const pitches: Array<number> = []
  for (let j = 0; j < count; j++) {
    const step = phrase.starts[j]!
    const chord =
      context.chords[Math.min(context.bar + Math.floor(step / 16), context.chords.length - 1)]!
    const strong = step % 8 === 0 || syllables[j]!.stress > 0 || phrase.lengths[j]! >= 4
    const x = count > 1 ? j / (count - 1) : 0
    const target = center + amplitude * contour(x) - (context.answer ? 2 * x : 0)
    const previous = pitches[j - 1] ?? center
    let best = candidates[0]!
    let bestScore = Number.POSITIVE_INFINITY
    for (const note of candidates) {
      let score = j === 0 ? 0 : leapCost(Math.abs(note - previous), strong)
      score += Math.abs(note - target) * 0.35
      const isChordTone = chord.tones.includes(pitchClass(note))
      if (strong) score += isChordTone ? -2 : 1.8
      if (j >= 2 && note === previous && previous === pitches[j - 2]) score += 2.5
      if (j === count - 1) {
        const onTonic = pitchClass(note) === context.tonic
        if (context.answer) score += onTonic ? -3 : 2
        else score += isChordTone && !onTonic ? -2 : 1
      }
      score += random.next() * 1.4
      if (score < bestScore) {
        bestScore = score
        best = note
      }
    }
    pitches.push(best)
  }
  return pitches
}
