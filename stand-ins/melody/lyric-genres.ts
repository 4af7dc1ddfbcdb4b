import { Schema } from "effect"
import wordList from "./genre-words.json" with { type: "json" }
import { Mood } from "./lyric-moods.ts"

/**
 * The genres the offline writer knows, how to recognise them in a style, and what each sounds like on
 * the page: where its songs happen, what is heard and seen there, which rhymes it leans on and how long
 * its lines run.
 */

export const Genre = Schema.Literal(
  "pop",
  "rock",
  "hip-hop",
  "country",
  "jazz",
  "electronic",
  "classical",
  "lo-fi",
  "r&b",
  "folk",
  "blues",
  "metal",
  "reggae",
)
export type Genre = typeof Genre.Type

const Range = Schema.Struct({ min: Schema.Int, max: Schema.Int })
const Words = Schema.Array(Schema.String)
const RangeName = Schema.Literal("common", "spoken", "ballad")

/** The word list's shape: read once at start, so a mistake in the file fails loudly, never quietly. */
const GenreWords = Schema.Struct({
  lineRanges: Schema.Record({ key: RangeName, value: Range }),
  sungOpeners: Words,
  keywords: Schema.Array(Schema.Tuple(Genre, Words)),
  profiles: Schema.Record({
    key: Genre,
    value: Schema.Struct({
      lineSyllables: RangeName,
      mood: Mood,
      places: Words,
      sounds: Words,
      sights: Words,
      scenes: Words,
      signature: Words,
      rhymes: Words,
      /** "sung" for the shared openers, or the genre's own. */
      openers: Schema.Union(Schema.Literal("sung"), Words),
    }),
  }),
})
const words = Schema.decodeUnknownSync(GenreWords)(wordList)

export interface SyllableRange {
  readonly min: number
  readonly max: number
}

export interface GenreProfile {
  readonly lineSyllables: SyllableRange
  /** The mood when neither the style nor the description names one. */
  readonly mood: Mood
  /** Where a scene happens, as a phrase that starts with its preposition ("on the front porch"). */
  readonly places: ReadonlyArray<string>
  /** Something heard, as a noun phrase ("the old guitar"). */
  readonly sounds: ReadonlyArray<string>
  /** Something seen or held, as a noun phrase ("the porch light"). */
  readonly sights: ReadonlyArray<string>
  /** Settings beyond the common ones ("in the rain") that belong in its songs ("in the haze", "in the creek"). */
  readonly scenes: ReadonlyArray<string>
  /** Words that say the genre at once; every song shows at least one (country: road, porch, dust). */
  readonly signature: ReadonlyArray<string>
  /** Rhyme words the genre reaches for first. */
  readonly rhymes: ReadonlyArray<string>
  /** Sung openers that lengthen a short line without changing its sense, shortest first. */
  readonly openers: ReadonlyArray<string>
}

/** Words in a style that name each genre, in the order they are looked for. */
const keywords = words.keywords

const normalise = (text: string): string =>
  ` ${text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}&]+/gu, " ")
    .trim()} `

/** The genre a text names first, if it names one; the longer name wins a tie ("rhythm and blues"). */
export const findGenre = (text: string): Genre | undefined => {
  const plain = normalise(text)
  let found: { genre: Genre; at: number; length: number } | undefined
  for (const [genre, names] of keywords) {
    for (const name of names) {
      const at = plain.indexOf(` ${name} `)
      if (at < 0) continue
      if (found === undefined || at < found.at || (at === found.at && name.length > found.length)) {
        found = { genre, at, length: name.length }
      }
    }
  }
  return found?.genre
}

/** The genre of a style ("Pop, upbeat, female vocals"); pop when it names none the writer knows. */
export const genreOf = (style: string): Genre => findGenre(style) ?? "pop"

const { ballad } = words.lineRanges

/** Each genre's profile from the word list (`genre-words.json`), its shared ranges and openers by name. */
const profileOf = (profile: (typeof words.profiles)[Genre]): GenreProfile => ({
  ...profile,
  lineSyllables: words.lineRanges[profile.lineSyllables],
  openers: profile.openers === "sung" ? words.sungOpeners : profile.openers,
})

export const genreProfiles: Readonly<Record<Genre, GenreProfile>> = Object.fromEntries(
  Genre.literals.map((genre) => [genre, profileOf(words.profiles[genre])]),
) as Record<Genre, GenreProfile>

/**
 * How long a line may run: the genre's range, or a ballad's gentler one when the style asks for a
 * ballad (rap keeps its own).
 */
export const lineRange = (genre: Genre, style: string): SyllableRange =>
  genre !== "hip-hop" && /\bballads?\b/i.test(style) ? ballad : genreProfiles[genre].lineSyllables
