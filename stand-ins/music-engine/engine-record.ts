// The modules, not all of effect: see genres.ts.
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type { Arrangement, LyricLine } from "./arrangement.ts"
import { BassStyle, CompStyle, DrumStyle, Genre, Voice } from "./genres.ts"
import type { Style } from "./style.ts"

const Program = Schema.Int.pipe(Schema.between(0, 127))
const Numeral = Schema.String.pipe(
  Schema.pattern(
    /^(b|#)?(i|ii|iii|iv|v|vi|vii|I|II|III|IV|V|VI|VII)(°|dim)?(maj7|7|9|sus4|sus2|6)?$/,
  ),
)
const Chords = Schema.Array(Schema.Array(Numeral).pipe(Schema.minItems(1))).pipe(Schema.minItems(1))

/** A resolved `Style`, as it comes back from storage. */
const StoredStyle = Schema.Struct({
  genre: Genre,
  bpm: Schema.Number.pipe(Schema.between(40, 240)),
  mode: Schema.Literal("major", "minor"),
  tonic: Schema.Int.pipe(Schema.between(0, 11)),
  swing: Schema.Number.pipe(Schema.between(0, 1)),
  swingUnit: Schema.Literal(8, 16),
  vocals: Schema.NullOr(Schema.Struct({ voice: Voice, delivery: Schema.Literal("sing", "rap") })),
  drums: DrumStyle,
  drumKit: Program,
  bassStyle: BassStyle,
  bass: Program,
  compStyle: CompStyle,
  comp: Program,
  comp2: Schema.NullOr(Program),
  pad: Schema.NullOr(Program),
  lead: Program,
  progressions: Schema.Struct({ verse: Chords, chorus: Chords }),
})

const Bars = Schema.Int.pipe(Schema.nonNegative())

/** A sung line: the bar it starts in, its syllables, and its first syllable to the end of its last. */
const RecordedLine = Schema.Struct({
  text: Schema.String,
  bar: Bars,
  syllables: Bars,
  startMs: Schema.Number,
  endMs: Schema.Number,
})
export type RecordedLine = typeof RecordedLine.Type

const RecordedSection = Schema.Struct({
  kind: Schema.Literal("verse", "chorus", "bridge", "intro", "outro"),
  startBar: Bars,
  bars: Bars,
  lines: Schema.Array(RecordedLine),
})
export type RecordedSection = typeof RecordedSection.Type

/**
 * The engine's own record of a render, kept in its facts: the style as resolved, the seed the harmony
 * and tune were drawn from, and the lyric sections on the bar grid. A reshaping starts from it.
 */
export const EngineRecord = Schema.Struct({
  engine: Schema.Literal("melody-engine/1"),
  style: StoredStyle,
  composeSeed: Schema.Int.pipe(Schema.between(0, 4294967295)),
  /** Bars from the first to the last, the faded one. */
  bars: Schema.Int.pipe(Schema.positive()),
  /** The gain mastering gave the mix after compression: new music in the song gets the same. */
  masterGain: Schema.Number.pipe(Schema.positive(), Schema.lessThan(1000)),
  /** The band's level the voice was set against (see `mixdown`); 0 without a voice. */
  voiceBed: Schema.Number.pipe(Schema.nonNegative(), Schema.lessThan(10)),
  sections: Schema.Array(RecordedSection),
})
export type EngineRecord = typeof EngineRecord.Type
/** A record before mastering has given its gain. */
export type PlayedRecord = Omit<EngineRecord, "masterGain" | "voiceBed">

/** A stored record, checked: facts come back from storage and may be from another engine, or damaged. */
export const decodeRecord = (engine: unknown): EngineRecord & { readonly style: Style } =>
  Either.getOrThrowWith(Schema.decodeUnknownEither(EngineRecord)(engine), (error) => {
    const reason = ParseResult.TreeFormatter.formatErrorSync(error)
    return new Error(`the source's facts are not a record of this engine: ${reason}`)
  })

/** The record of a composed arrangement: its lyric sections, and where each kept line is sung. */
export const recordOf = (
  style: Style,
  composeSeed: number,
  arrangement: Arrangement,
  lines: ReadonlyArray<LyricLine & { readonly text: string }>,
): PlayedRecord => {
  const beatSeconds = 60 / arrangement.bpm
  const sung = lines.map(() => ({ first: Number.POSITIVE_INFINITY, startMs: 0, endMs: 0 }))
  for (const note of arrangement.vocal) {
    const line = sung[note.line]
    const beat = note.beat - arrangement.leadBeats
    if (!line) continue
    if (beat < line.first) {
      line.first = beat
      line.startMs = Math.round(beat * beatSeconds * 1000)
    }
    line.endMs = Math.max(line.endMs, Math.round((beat + note.beats) * beatSeconds * 1000))
  }
  return {
    engine: "melody-engine/1",
    style,
    composeSeed,
    bars: arrangement.bars,
    sections: arrangement.sections.flatMap((section) => {
      if (section.section === undefined || section.kind === "break") return []
      const { kind, startBar, bars } = section
      const sectionLines = lines.flatMap((line, index) =>
        line.section === section.section
          ? [
              {
                text: line.text,
                bar: Math.floor(sung[index]!.first / 4),
                syllables: line.syllables.length,
                startMs: sung[index]!.startMs,
                endMs: sung[index]!.endMs,
              },
            ]
          : [],
      )
      return [{ kind, startBar, bars, lines: sectionLines }]
    }),
  }
}

/**
 * The sections, or the parts of them, within bars [from, to) that still have a line starting there, moved
 * by `bars` and `ms`: what a splice keeps of its source.
 */
export const sectionsWithin = (
  sections: ReadonlyArray<RecordedSection>,
  from: number,
  to: number,
  move: { readonly bars: number; readonly ms: number },
): ReadonlyArray<RecordedSection> =>
  sections.flatMap((section) => {
    const start = Math.max(from, section.startBar)
    const end = Math.min(to, section.startBar + section.bars)
    const lines = section.lines.filter((line) => line.bar >= start && line.bar < end)
    if (end <= start || lines.length === 0) return []
    return [
      {
        kind: section.kind,
        startBar: start + move.bars,
        bars: end - start,
        lines: lines.map((line) => ({
          ...line,
          bar: line.bar + move.bars,
          startMs: Math.round(line.startMs + move.ms),
          endMs: Math.round(line.endMs + move.ms),
        })),
      },
    ]
  })
