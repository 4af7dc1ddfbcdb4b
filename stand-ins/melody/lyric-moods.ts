import { Schema } from "effect"
import words from "./mood-words.json" with { type: "json" }

/**
 * The mood of a song, read from the words people use for it, and how a mood colours the writing: which
 * tones of lines fit it and which adjectives paint its days and nights (the words are mood-words.json).
 */

export const Mood = Schema.Literal(
  "happy",
  "sad",
  "romantic",
  "nostalgic",
  "energetic",
  "calm",
  "hopeful",
  "dark",
  "angry",
)
export type Mood = typeof Mood.Type

/** The emotional register of a line: a song takes its lines from the tones its mood allows. */
export const Tone = Schema.Literal("bright", "tender", "blue", "fierce")
export type Tone = typeof Tone.Type

const MoodWords = Schema.Struct({
  /** The words that name each mood; a text names the mood whose word comes first in it. */
  moodWords: Schema.Record({ key: Mood, value: Schema.Array(Schema.String) }),
  /** Mood words that can still be what a song is about ("love", "memories"). */
  notAdjectives: Schema.Array(Schema.String),
  /** Each fits "those ___ days", "every ___ hour" and "the ___ nights". */
  hues: Schema.Record({ key: Mood, value: Schema.Array(Schema.String) }),
})

const { moodWords, notAdjectives, hues } = Schema.decodeUnknownSync(MoodWords)(words)

const normalise = (text: string): string =>
  ` ${text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `

/** The mood a text names first ("Pop, upbeat, female vocals" is happy), if it names one. */
export const moodOf = (text: string): Mood | undefined => {
  const plain = normalise(text)
  let found: { mood: Mood; at: number } | undefined
  for (const [mood, words] of Object.entries(moodWords) as Array<[Mood, ReadonlyArray<string>]>) {
    for (const word of words) {
      const at = plain.indexOf(` ${word} `)
      if (at >= 0 && (found === undefined || at < found.at)) found = { mood, at }
    }
  }
  return found?.mood
}

/** Whether a word only says how a song feels, so it cannot be what the song is about. */
export const isMoodAdjective = (word: string): boolean => moodAdjectives.has(word.toLowerCase())

const moodAdjectives = new Set(
  Object.values(moodWords)
    .flat()
    .filter((word) => !word.includes(" ") && !notAdjectives.includes(word)),
)

const tones: Readonly<Record<Mood, ReadonlyArray<Tone>>> = {
  happy: ["bright"],
  energetic: ["bright", "fierce"],
  hopeful: ["bright", "tender"],
  romantic: ["tender"],
  calm: ["tender"],
  nostalgic: ["tender", "blue"],
  sad: ["blue"],
  dark: ["blue", "fierce"],
  angry: ["fierce"],
}

export const tonesOf = (mood: Mood): ReadonlyArray<Tone> => tones[mood]

export const huesOf = (mood: Mood): ReadonlyArray<string> => hues[mood]
