import type { Arrangement, LyricLine } from "./arrangement.ts"
import { type SpokenLine, speakLines } from "./festival.ts"
import {
  type Performance,
  prepareLine,
  type SungAt,
  type SungLine,
  type SungNote,
  sing,
} from "./singer.ts"
import type { Style, Vocals } from "./style.ts"
import type { VocalTracks } from "./vocal-chain.ts"

const lead: Performance = {
  vibratoDepth: 0.32,
  vibratoRate: 5.4,
  vibratoPhase: 0,
  detuneCents: 0,
  delay: 0,
}
/** The chorus doubles: a little late, a few cents off either way, with vibrato of their own. */
const doubles: readonly [Performance, Performance] = [
  { vibratoDepth: 0.2, vibratoRate: 5, vibratoPhase: 1.3, detuneCents: 9, delay: 0.014 },
  { vibratoDepth: 0.22, vibratoRate: 5.8, vibratoPhase: 2.1, detuneCents: -8, delay: 0.022 },
]

/** Festival in two processes, half the distinct lines each: the two cores speak at once. */
export const speakLyrics = async (
  texts: ReadonlyArray<string>,
  vocals: Vocals,
  workDir: string,
): Promise<ReadonlyMap<string, SpokenLine>> => {
  const distinct = [...new Set(texts)]
  const half = distinct.length > 3 ? Math.ceil(distinct.length / 2) : distinct.length
  const halves = [distinct.slice(0, half), distinct.slice(half)].filter((part) => part.length > 0)
  const spoken = await Promise.all(
    halves.map((part, i) => speakLines(part, vocals.voice, workDir, `voice-${i}`)),
  )
  return new Map(spoken.flat().map((line) => [line.text, line]))
}

/** The syllables the tune is written for: exactly those Festival spoke. */
export const syllablesOf = (spoken: SpokenLine) =>
  spoken.words.flatMap((word) =>
    word.syllables.map((syllable, k) => ({ stress: syllable.stress, wordStart: k === 0 })),
  )

/**
 * The voice, sung (or rapped) onto the arrangement's syllables: a lead and, in choruses, two doubles.
 * `lines[i]` is the arrangement's line i with Festival's speech of it.
 */
export const singVocals = (
  arrangement: Arrangement,
  lines: ReadonlyArray<LyricLine & { readonly spoken: SpokenLine }>,
  style: Style,
  length: number,
  sampleRate: number,
): {
  readonly tracks: VocalTracks
  readonly notes: ReadonlyArray<SungNote>
  /** Where the lead sang each of the arrangement's vocal notes. */
  readonly placed: ReadonlyArray<SungAt | null>
} => {
  const female = style.vocals?.voice === "female"
  const rap = style.vocals?.delivery === "rap"
  // A repeated line (a chorus) is analysed once.
  const prepared = new Map<SpokenLine, SungLine>()
  const sungLines = lines.map((line) => {
    const known =
      prepared.get(line.spoken) ?? prepareLine(line.spoken, female ? 110 : 60, female ? 500 : 300)
    prepared.set(line.spoken, known)
    return known
  })
  const beatSeconds = 60 / arrangement.bpm
  const notes = arrangement.vocal.map((note) => ({
    start: note.beat * beatSeconds,
    seconds: note.beats * beatSeconds,
    pitch: note.pitch,
    line: note.line,
    word: note.word,
    syllable: note.syllable,
  }))
  const doubled = notes.filter((_, i) => arrangement.vocal[i]!.doubled)
  const tracks = {
    lead: new Float32Array(length),
    doubleLeft: new Float32Array(length),
    doubleRight: new Float32Array(length),
  }
  const leadVoice = female ? lead : { ...lead, vibratoDepth: 0.25 }
  const placed = sing(sungLines, notes, tracks.lead, sampleRate, leadVoice, rap)
  if (doubled.length > 0) {
    sing(sungLines, doubled, tracks.doubleLeft, sampleRate, doubles[0], rap)
    sing(sungLines, doubled, tracks.doubleRight, sampleRate, doubles[1], rap)
  }
  return { tracks, notes, placed }
}
