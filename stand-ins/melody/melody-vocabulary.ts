import { Schema } from "effect"
import words from "./melody-vocabulary.json" with { type: "json" }

/**
 * The words Melody recognises, each list mapping how people say a thing to the one name Melody uses for it
 * (the lists are melody-vocabulary.json). Patterns are regular-expression alternatives matched
 * case-insensitively between non-letters; within a list, earlier entries win, so longer phrases
 * ("acoustic guitar") come before the words they contain.
 */

export interface Term<Name extends string = string> {
  readonly name: Name
  readonly pattern: string
}

export const genreNames = [
  "Pop",
  "Rock",
  "Hip-Hop",
  "Country",
  "Jazz",
  "Electronic",
  "Classical",
  "Lo-fi",
  "R&B",
  "Folk",
  "Blues",
  "Metal",
  "Reggae",
  "Soul",
  "Punk",
  "Funk",
  "Gospel",
] as const
export type Genre = (typeof genreNames)[number]

/** Who sings; "instrumental": nobody, the melody is played. */
export type Voice = "male" | "female" | "duet" | "choir" | "instrumental"

/** The styles Melody offers by name; the others are understood when someone asks for them. */
export const mainStyles = "Pop, Rock, Hip-Hop, Country, Jazz, Electronic or Classical"

/** Singing without instruments fills the instrument question on its own. */
export const aCappella = "a cappella"

const GenreName = Schema.Literal(...genreNames)
const termOf = <Name extends string>(name: Schema.Schema<Name>) =>
  Schema.Struct({ name, pattern: Schema.String })
const Words = Schema.Record({ key: Schema.String, value: Schema.String })
const Three = Schema.Tuple(Schema.String, Schema.String, Schema.String)

const Vocabulary = Schema.Struct({
  genres: Schema.Array(termOf(GenreName)),
  genreInSentence: Schema.Record({ key: GenreName, value: Schema.String }),
  genreInstruments: Schema.Record({ key: GenreName, value: Three }),
  anyStyleInstruments: Three,
  genreComparative: Schema.partialWith(Schema.Record({ key: GenreName, value: Schema.String }), {
    exact: true,
  }),
  moods: Schema.Array(termOf(Schema.String)),
  moodComparative: Words,
  moodSubject: Words,
  moodColour: Words,
  descriptors: Schema.Array(
    Schema.Struct({ name: Schema.String, group: Schema.String, pattern: Schema.String }),
  ),
  descriptorComparative: Words,
  voices: Schema.Array(termOf(Schema.Literal("instrumental", "male", "female", "duet", "choir"))),
  instruments: Schema.Array(termOf(Schema.String)),
  fillerWords: Schema.Array(Schema.String),
})

const vocabulary = Schema.decodeUnknownSync(Vocabulary)(words)

export const genres: ReadonlyArray<Term<Genre>> = vocabulary.genres

/** How a genre reads inside a sentence ("a country song", "an R&B song"). */
export const genreInSentence: Record<Genre, string> = vocabulary.genreInSentence

/** Instruments that suit each genre: offered as suggestions, and used when Melody chooses. */
export const genreInstruments: Record<Genre, readonly [string, string, string]> =
  vocabulary.genreInstruments
export const anyStyleInstruments: readonly [string, string, string] = vocabulary.anyStyleInstruments

/** Comparatives for "make it jazzier", "a folkier take". */
export const genreComparative: Partial<Record<Genre, string>> = vocabulary.genreComparative

export const moods: ReadonlyArray<Term> = vocabulary.moods

/** Mood words turned comparative, for "Here's a sadder take". */
export const moodComparative: Record<string, string> = vocabulary.moodComparative

/**
 * What a song with only a feeling is about: a subject for its description and title, so "a sad song" still
 * gets lyrics with something to say.
 */
export const moodSubject: Record<string, string> = vocabulary.moodSubject

/** How a feeling should colour the lyrics, for the song's description. */
export const moodColour: Record<string, string> = vocabulary.moodColour

/** Style words that are not a genre. A newer word replaces an older one of the same group (slow, fast). */
export interface Descriptor extends Term {
  readonly group: string
}

export const descriptors: ReadonlyArray<Descriptor> = vocabulary.descriptors

/** Descriptors turned comparative, for "Here's a slower take". */
export const descriptorComparative: Record<string, string> = vocabulary.descriptorComparative

export const voices: ReadonlyArray<Term<Voice>> = vocabulary.voices

export const instruments: ReadonlyArray<Term> = vocabulary.instruments

/**
 * Words that carry no subject on their own: a message made only of these (and of style, voice and
 * instrument words) is an answer or small talk, never what the song is about.
 */
export const fillerWords: ReadonlySet<string> = new Set(vocabulary.fillerWords)
