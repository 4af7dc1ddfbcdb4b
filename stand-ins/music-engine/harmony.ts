export type Mode = "major" | "minor"

export interface Chord {
  /** Pitch class, 0 = C. */
  readonly root: number
  /** Pitch classes, root first. */
  readonly tones: ReadonlyArray<number>
  readonly symbol: string
}

const majorSteps = [0, 2, 4, 5, 7, 9, 11]
const minorSteps = [0, 2, 3, 5, 7, 8, 10]
const degrees: Record<string, number> = { i: 0, ii: 1, iii: 2, iv: 3, v: 4, vi: 5, vii: 6 }

export const pitchClass = (note: number) => ((note % 12) + 12) % 12

export const scaleOf = (tonic: number, mode: Mode) =>
  (mode === "major" ? majorSteps : minorSteps).map((step) => (tonic + step) % 12)

/** A roman numeral ("vi", "bVII", "V7", "Imaj7", "vii°", "IVsus4") as a chord in the key of `tonic`. */
export const chordOf = (numeral: string, tonic: number): Chord => {
  const match = numeral.match(/^(b|#)?([ivIV]+)(°|dim)?(maj7|7|9|sus4|sus2|6)?$/)
  if (!match) throw new Error(`not a roman numeral: ${numeral}`)
  const [, accidental, degree = "", diminished, extension = ""] = match
  const shift = accidental === "b" ? -1 : accidental === "#" ? 1 : 0
  const root = (tonic + majorSteps[degrees[degree.toLowerCase()]!]! + shift + 24) % 12
  const isMajor = degree === degree.toUpperCase()
  const intervals = diminished
    ? [0, 3, 6]
    : extension === "sus4"
      ? [0, 5, 7]
      : extension === "sus2"
        ? [0, 2, 7]
        : isMajor
          ? [0, 4, 7]
          : [0, 3, 7]
  if (extension === "7") intervals.push(diminished ? 9 : 10)
  if (extension === "maj7") intervals.push(11)
  if (extension === "6") intervals.push(9)
  if (extension === "9") intervals.push(10, 14)
  return { root, tones: intervals.map((interval) => (root + interval) % 12), symbol: numeral }
}

/** Every MIDI note of these pitch classes from `low` to `high`. */
export const notesIn = (pitchClasses: ReadonlyArray<number>, low: number, high: number) => {
  const notes: Array<number> = []
  for (let note = low; note <= high; note++) {
    if (pitchClasses.includes(pitchClass(note))) notes.push(note)
  }
  return notes
}

const mean = (notes: ReadonlyArray<number>) => notes.reduce((a, b) => a + b, 0) / notes.length

/**
 * A close voicing near `center` that moves least from the previous one and keeps common tones: what a
 * keyboard player does without thinking, and what keeps block chords from jumping about.
 */
export const voiceChord = (
  chord: Chord,
  center: number,
  previous: ReadonlyArray<number> | null,
  voices = 3,
): ReadonlyArray<number> => {
  const pitchClasses = chord.tones.slice(0, Math.max(3, Math.min(voices, chord.tones.length)))
  let best: ReadonlyArray<number> = []
  let bestScore = Number.POSITIVE_INFINITY
  for (let inversion = 0; inversion < pitchClasses.length; inversion++) {
    const order = [...pitchClasses.slice(inversion), ...pitchClasses.slice(0, inversion)]
    for (let bass = center - 12; bass <= center + 6; bass++) {
      if (pitchClass(bass) !== order[0]) continue
      const voicing = [bass]
      for (const tone of order.slice(1)) {
        let note = voicing[voicing.length - 1]! + 1
        while (pitchClass(note) !== tone) note++
        voicing.push(note)
      }
      let score = Math.abs(mean(voicing) - center) * 0.6
      if (previous) {
        score += Math.abs(mean(voicing) - mean(previous)) * 1.2
        for (const note of voicing) if (previous.includes(note)) score -= 0.8
      }
      if (score < bestScore) {
        bestScore = score
        best = voicing
      }
    }
  }
  return best
}

export const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12)
