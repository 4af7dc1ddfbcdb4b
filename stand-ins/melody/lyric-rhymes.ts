import type { Genre } from "./lyric-genres.ts"
import type { Tone } from "./lyric-moods.ts"
import words from "./rhyme-families.json" with { type: "json" }

/**
 * Rhyme families: line endings whose last words genuinely rhyme (same stressed vowel and coda, no slant
 * rhymes such as home/alone). Every ending also says how it completes a line, so a template can end
 * with a slot and any ending of that kind reads as grammatical English:
 *
 * - scene: the air a moment happens in, after "the" ("in the rain", "and the night")
 * - hour: a light or a time of day that fits indoors and out ("in the night", "in the glow")
 * - spot: a place one can be in, after "in the" ("in the park", "in the creek")
 * - when: a point in time closing a present or future clause ("I'll hold you close tonight")
 * - ever: a stretch of time closing a lasting state ("I'll love you all my life")
 * - past: a past time closing a past clause ("we were dancing long ago")
 * - dear: what a person can be to someone, after "my" ("you were always my light")
 * - adj: how a person feels, after "I feel so" ("free", "alone")
 * - verb: an intransitive verb after "to" ("you taught me how to fly")
 * - vp: a verb phrase with "I" as its subject, after "I will" or "never" ("hold on tight", "let you go")
 *
 * The sign says which way it leans: up (hopeful, bright), down (sad, lost) or either.
 */

export type EndSlot =
  | "scene"
  | "hour"
  | "spot"
  | "when"
  | "ever"
  | "past"
  | "dear"
  | "adj"
  | "verb"
  | "vp"

export type Valence = "up" | "down" | "any"

export interface Ending {
  readonly text: string
  /** The rhyming word: the last word of the text. */
  readonly word: string
  readonly slot: EndSlot
  readonly valence: Valence
  /** The genres it belongs to, when it is not for every song ("spit my bars"). */
  readonly genres?: ReadonlyArray<Genre>
  /** The tones it belongs to, when it is not for every song ("beat the clock" is no lament). */
  readonly tones?: ReadonlyArray<Tone>
}

export interface RhymeFamily {
  /** The shared sound, for reading the table. */
  readonly sound: string
  readonly endings: ReadonlyArray<Ending>
}

type SpecKey =
  | "scene"
  | "scene+"
  | "scene-"
  | "hour"
  | "hour+"
  | "hour-"
  | "spot"
  | "when"
  | "ever"
  | "past"
  | "dear"
  | "adj+"
  | "adj-"
  | "verb+"
  | "verb-"
  | "vp"
  | "vp+"
  | "vp-"

const parseKey = (key: SpecKey): { slot: EndSlot; valence: Valence } => {
  if (key.endsWith("+")) return { slot: key.slice(0, -1) as EndSlot, valence: "up" }
  if (key.endsWith("-")) return { slot: key.slice(0, -1) as EndSlot, valence: "down" }
  return { slot: key as EndSlot, valence: "any" }
}

/** The last word of a text, lowercased, without punctuation around it. */
export const lastWord = (text: string): string => {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word.length > 0)
  return words[words.length - 1] ?? ""
}

// "wear the crown@hip-hop,metal#bright,fierce": an ending only some genres, or some tones, would sing.
const parseEnding = (entry: string, slot: EndSlot, valence: Valence): Ending => {
  const [rest = "", tones] = entry.split("#")
  const [text = "", genres] = rest.split("@")
  return {
    text,
    word: lastWord(text),
    slot,
    valence,
    ...(genres === undefined ? {} : { genres: genres.split(",") as ReadonlyArray<Genre> }),
    ...(tones === undefined ? {} : { tones: tones.split(",") as ReadonlyArray<Tone> }),
  }
}

const family = (sound: string, spec: Partial<Record<SpecKey, string>>): RhymeFamily => ({
  sound,
  endings: Object.entries(spec).flatMap(([key, texts]) => {
    const { slot, valence } = parseKey(key as SpecKey)
    return (texts ?? "").split("|").map((entry) => parseEnding(entry, slot, valence))
  }),
})

/** The families, from the word list (`rhyme-families.json`). */
export const rhymeFamilies: ReadonlyArray<RhymeFamily> = words.families.map(({ sound, endings }) =>
  family(sound, endings as Partial<Record<SpecKey, string>>),
)

/** Settings any song can be in; the others belong to some genres (see their scenes). */
export const commonScenes: ReadonlySet<string> = new Set(words.commonScenes)

const familyIndex = new Map<string, number>(
  rhymeFamilies.flatMap((entry, index) => entry.endings.map((ending) => [ending.word, index])),
)

/** Which family a line's last word belongs to, or undefined when it is in none. */
export const familyOf = (word: string): number | undefined => familyIndex.get(word.toLowerCase())
