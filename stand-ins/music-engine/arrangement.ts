import { channelSetup, playBand } from "./band.ts"
import { type Chord, chordOf, scaleOf } from "./harmony.ts"
import { leadPart } from "./lead-part.ts"
import type { SectionKind } from "./lyrics.ts"
import { type Phrase, rapPhrase, singPhrase } from "./phrasing.ts"
import { type ChannelSetup, channel, type NoteEvent, type VocalNote } from "./score.ts"
import { Random } from "./seeded-random.ts"
import type { Style } from "./style.ts"
import type { SyllableShape } from "./syllables.ts"
import { tuneFor } from "./tune.ts"

export interface LyricLine {
  /** Index of the lyric section the line belongs to. */
  readonly section: number
  readonly kind: SectionKind
  readonly syllables: ReadonlyArray<SyllableShape>
}

export interface FormSection {
  readonly kind: SectionKind | "break"
  readonly startBar: number
  readonly bars: number
  /** The lyric section it sings (`LyricLine.section`); none for the intro, breaks and outro. */
  readonly section?: number
}

/**
 * How much of a song to compose. A song has an intro and an outro; a continuation has no intro, a
 * replaced stretch neither. Music spliced into a song starts after `leadBeats` of silence, so the notes
 * played a little early and the consonants sung before its first beat are there, as in the song.
 * `tuneSeed` and `bandSeed`, when given, seed the tune's and the band's draws apart from the
 * harmony's, which always come from the compose generator.
 */
export interface ComposeOptions {
  readonly intro?: boolean
  readonly outro?: boolean
  readonly leadBeats?: number
  readonly tuneSeed?: number
  readonly bandSeed?: number
}

/** The whole song as notes: the band's on MIDI channels, the voice's as syllables on the beat grid. */
export interface Arrangement {
  readonly bpm: number
  readonly bars: number
  /** Beats before the first bar: notes and syllables are this much later than their bars say. */
  readonly leadBeats: number
  readonly notes: ReadonlyArray<NoteEvent>
  readonly channels: ReadonlyArray<ChannelSetup>
  readonly vocal: ReadonlyArray<VocalNote>
  readonly sections: ReadonlyArray<FormSection>
}

/** Sung ranges (MIDI notes); an instrumental's lead plays higher. */
const rangeOf = (style: Style): readonly [number, number] =>
  style.vocals?.voice === "male" ? [45, 62] : style.vocals ? [55, 71] : [62, 81]

/** Off-beats of the swung unit land late; everything else stays on the grid. */
const swung = (beat: number, style: Style) => {
  if (style.swing <= 0) return beat
  const unit = style.swingUnit === 8 ? 0.5 : 0.25
  const position = beat / unit
  const nearest = Math.round(position)
  return Math.abs(position - nearest) < 1e-6 && nearest % 2 === 1 ? beat + style.swing * unit : beat
}

/**
 * Song form, harmony, tune and band. The form is an intro (the lead plays the chorus hook), the lyric
 * sections (each a whole number of 4-bar phrases), a 2-bar break after a chorus, and a 4-bar outro that
 * ends on a held tonic chord.
 */
export const compose = (
  style: Style,
  lines: ReadonlyArray<LyricLine>,
  random: Random,
  options: ComposeOptions = {},
): Arrangement => {
  const { intro = true, outro = true, leadBeats = 0 } = options
  const rap = style.vocals?.delivery === "rap"
  const range = rangeOf(style)
  const scale = scaleOf(style.tonic, style.mode)
  const sections: Array<FormSection> = []
  const chords: Array<Chord> = []
  const vocal: Array<VocalNote> = []

  const progressions = new Map<"verse" | "chorus", ReadonlyArray<string>>()
  const progressionOf = (kind: "verse" | "chorus") => {
    const chosen =
      progressions.get(kind) ??
      random.pick(kind === "chorus" ? style.progressions.chorus : style.progressions.verse)
    progressions.set(kind, chosen)
    return chosen
  }
  let bar = 0
  const addSection = (
    kind: FormSection["kind"],
    bars: number,
    numerals: ReadonlyArray<string>,
    section?: number,
  ) => {
    sections.push(
      section === undefined
        ? { kind, startBar: bar, bars }
        : { kind, startBar: bar, bars, section },
    )
    for (let b = 0; b < bars; b++) chords.push(chordOf(numerals[b % numerals.length]!, style.tonic))
    bar += bars
  }

  // Drawn in this order whatever is composed, so a continuation keeps its song's harmony.
  const introNumerals = progressionOf("chorus")
  const introBars = intro ? (style.bpm < 80 ? 2 : 4) : 0
  if (intro) addSection("intro", introBars, introNumerals)

  // The fork keeps its first name: a restyle draws its source's tune again from the same compose seed.
  const tuneFork = random.fork("melody")
  const tuneRandom = options.tuneSeed === undefined ? tuneFork : new Random(options.tuneSeed)
  const motifs = new Map<string, { bars: number; pitches: ReadonlyArray<number | null> }>()
  const sectionIds = [...new Set(lines.map((line) => line.section))].sort((a, b) => a - b)
  let previousKind: SectionKind | null = null
  for (const sectionId of sectionIds) {
    const indexes = lines.flatMap((line, index) => (line.section === sectionId ? [index] : []))
    const kind = lines[indexes[0]!]!.kind
    if (previousKind === "chorus" && kind !== "chorus")
      addSection("break", 2, progressionOf("verse"))
    previousKind = kind
    const phrases: ReadonlyArray<Phrase> = indexes.map((index) => {
      const syllables = lines[index]!.syllables
      return rap
        ? rapPhrase(syllables)
        : singPhrase(syllables, tuneRandom.fork(`${kind}:${syllables.length}`))
    })
    const lineBars: Array<number> = []
    let used = 0
    for (const phrase of phrases) {
      lineBars.push(bar + used)
      used += phrase.bars
    }
    addSection(
      kind,
      Math.ceil(used / 4) * 4,
      progressionOf(kind === "chorus" ? "chorus" : "verse"),
      sectionId,
    )

    indexes.forEach((lineIndex, k) => {
      const phrase = phrases[k]!
      const syllables = lines[lineIndex]!.syllables
      // Lines in the same place of a section with the same shape sing the same motif: choruses repeat.
      const key = `${kind}:${k % 2}:${phrase.starts.length}:${phrase.bars}`
      const cached = motifs.get(key)
      const pitches =
        cached?.bars === phrase.bars
          ? cached.pitches
          : rap
            ? phrase.starts.map(() => null)
            : tuneFor(
                phrase,
                syllables,
                {
                  bar: lineBars[k]!,
                  chords,
                  scale,
                  range,
                  tonic: style.tonic,
                  chorus: kind === "chorus",
                  answer: k % 2 === 1,
                },
                tuneRandom,
              )
      motifs.set(key, { bars: phrase.bars, pitches })
      let word = -1
      let syllable = 0
      syllables.forEach((shape, j) => {
        if (shape.wordStart) {
          word++
          syllable = 0
        } else syllable++
        vocal.push({
          beat: lineBars[k]! * 4 + phrase.starts[j]! / 4,
          beats: phrase.lengths[j]! / 4,
          pitch: pitches[j] ?? null,
          line: lineIndex,
          word: Math.max(0, word),
          syllable,
          doubled: kind === "chorus" && !rap,
        })
      })
    })
  }
  const chorusNumerals = progressionOf("chorus")
  if (outro)
    addSection("outro", 4, [...chorusNumerals.slice(0, 3), style.mode === "minor" ? "i" : "I"])

  const bandRandom = options.bandSeed === undefined ? random : new Random(options.bandSeed)
  const notes = [
    ...playBand(style, sections, chords, bandRandom.fork("parts"), outro),
    ...leadPart(style, vocal, sections, chords, introBars),
  ]

  const humanRandom = bandRandom.fork("humanize")
  return {
    bpm: style.bpm,
    bars: bar,
    leadBeats,
    notes: notes.map((note) => ({
      ...note,
      beat: Math.max(
        0,
        leadBeats +
          swung(note.beat, style) +
          (note.channel === channel.drums ? 0 : (humanRandom.next() - 0.5) * 0.012),
      ),
    })),
    vocal: vocal.map((note) => ({ ...note, beat: leadBeats + swung(note.beat, style) })),
    sections,
    channels: channelSetup(style),
  }
}
