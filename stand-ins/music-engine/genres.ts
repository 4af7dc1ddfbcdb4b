// Not all of effect: the engine starts a process for every render, and effect/Schema loads in far less.
import * as Schema from "effect/Schema"
import { drumKit, program } from "./general-midi.ts"
import stored from "./genre-presets.json" with { type: "json" }

/**
 * The genres the engine plays and what each plays unless the style string says otherwise. The presets are
 * genre-presets.json: instruments by their General MIDI names, chord progressions by name.
 */

export const genres = [
  "pop",
  "hiphop",
  "lofi",
  "jazz",
  "classical",
  "rock",
  "edm",
  "ballad",
  "country",
  "rnb",
  "folk",
] as const
export const Genre = Schema.Literal(...genres)
export type Genre = typeof Genre.Type

export const DrumStyle = Schema.Literal(
  "pop",
  "four",
  "boombap",
  "lofi",
  "jazz",
  "rock",
  "ballad",
  "country",
  "none",
)
export type DrumStyle = typeof DrumStyle.Type
export const BassStyle = Schema.Literal("pop", "root8", "808", "walking", "sustain", "lofi")
export type BassStyle = typeof BassStyle.Type
export const CompStyle = Schema.Literal("strum", "block", "arp", "stabs", "jazz", "power", "lofi")
export type CompStyle = typeof CompStyle.Type
export const Voice = Schema.Literal("female", "male")
export type Voice = typeof Voice.Type

const Chords = Schema.Array(Schema.Array(Schema.String))

/** Roman-numeral progressions to choose from, per section kind. */
export const Progressions = Schema.Struct({ verse: Chords, chorus: Chords })
export type Progressions = typeof Progressions.Type

const Instrument = Schema.Literal(...(Object.keys(program) as Array<keyof typeof program>))
const Kit = Schema.Literal(...(Object.keys(drumKit) as Array<keyof typeof drumKit>))

const StoredPreset = Schema.Struct({
  bpm: Schema.Tuple(Schema.Number, Schema.Number),
  mode: Schema.Literal("major", "minor"),
  /** Tonics to choose from (pitch classes). */
  keys: Schema.Array(Schema.Int.pipe(Schema.between(0, 11))),
  /** How late off-beats land, as a fraction of the swung unit. */
  swing: Schema.Number,
  swingUnit: Schema.Literal(8, 16),
  delivery: Schema.Literal("sing", "rap"),
  voice: Voice,
  drums: DrumStyle,
  drumKit: Kit,
  bassStyle: BassStyle,
  bass: Instrument,
  compStyle: CompStyle,
  comp: Instrument,
  comp2: Schema.NullOr(Instrument),
  pad: Schema.NullOr(Instrument),
  lead: Instrument,
  /** Names of progressions. */
  major: Schema.String,
  minor: Schema.String,
})

const Stored = Schema.Struct({
  progressions: Schema.Record({ key: Schema.String, value: Progressions }),
  presets: Schema.Struct(
    Object.fromEntries(genres.map((genre) => [genre, StoredPreset])) as Record<
      Genre,
      typeof StoredPreset
    >,
  ),
})

type StoredPreset = typeof StoredPreset.Type

/** What a genre plays unless the style string says otherwise: instruments as General MIDI programs. */
export interface GenrePreset
  extends Omit<
    StoredPreset,
    "drumKit" | "bass" | "comp" | "comp2" | "pad" | "lead" | "major" | "minor"
  > {
  readonly drumKit: number
  readonly bass: number
  readonly comp: number
  readonly comp2: number | null
  readonly pad: number | null
  readonly lead: number
  readonly major: Progressions
  readonly minor: Progressions
}

const decoded = Schema.decodeUnknownSync(Stored)(stored)

const progression = (name: string) => {
  const found = decoded.progressions[name]
  if (found === undefined)
    throw new Error(`genre-presets.json names an unknown progression: ${name}`)
  return found
}

const presetOf = (preset: StoredPreset): GenrePreset => ({
  ...preset,
  drumKit: drumKit[preset.drumKit],
  bass: program[preset.bass],
  comp: program[preset.comp],
  comp2: preset.comp2 === null ? null : program[preset.comp2],
  pad: preset.pad === null ? null : program[preset.pad],
  lead: program[preset.lead],
  major: progression(preset.major),
  minor: progression(preset.minor),
})

export const presets: Record<Genre, GenrePreset> = Object.fromEntries(
  genres.map((genre) => [genre, presetOf(decoded.presets[genre])]),
) as Record<Genre, GenrePreset>
