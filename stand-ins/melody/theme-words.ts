import { isMoodAdjective } from "./lyric-moods.ts"
import {
  adjectives,
  bareNouns,
  edWords,
  genreNouns,
  ideaNouns,
  ingNouns,
  kinNouns,
  lyNouns,
  musicWords,
  personNouns,
  placeNouns,
  stopwords,
  timeNouns,
  troubleNouns,
} from "./lyric-words.ts"

/**
 * How the theme reader sees a text: words classified (function word, noun, adjective, gerund,
 * participle) with the breaks between them, and whether the text is English at all.
 */

// The subject of a song shows long before this, and reading stays cheap for pasted essays.
const readLimit = 4000

type Kind = "stop" | "noun" | "adj" | "ing" | "ed"

export interface Token {
  /** As written, apostrophes straightened, possessive ending removed. */
  readonly raw: string
  readonly lower: string
  readonly kind: Kind
  /** Punctuation or a non-Latin word stands between this token and the one before. */
  readonly broken: boolean
  readonly possessive: boolean
  readonly proper: boolean
}

const latinWord = /^[a-z][a-z'-]*$/
const adjectiveEnding = /(ful|less|ous|able|ible|ish)$/
export const articles = new Set([
  "a",
  "an",
  "the",
  "my",
  "your",
  "our",
  "this",
  "that",
  "these",
  "those",
])
export const owners = new Set(["his", "her", "their", "its"])
// The word after these is a verb ("used to play", "I will fly"), whatever else it can be.
const verbCues = new Set([
  "to",
  "will",
  "would",
  "can",
  "could",
  "should",
  "might",
  "must",
  "shall",
  "gonna",
  "wanna",
  "don't",
  "didn't",
  "never",
])
// "growing up", "looking back": the little word belongs to the verb.
export const particles = new Set([
  "up",
  "down",
  "out",
  "away",
  "back",
  "off",
  "over",
  "around",
  "along",
])

const plain = (word: string): string => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

const classify = (lower: string): Kind => {
  if (lower.length < 3 || !latinWord.test(lower) || lower.includes("'")) return "stop"
  if (stopwords.has(lower) || isMoodAdjective(lower)) return "stop"
  if (lower.endsWith("ing") && lower.length > 4 && !ingNouns.has(lower)) return "ing"
  if (lower.endsWith("ed") && lower.length > 4 && !edWords.has(lower)) return "ed"
  if (adjectives.has(lower) || adjectiveEnding.test(lower)) return "adj"
  if (lower.endsWith("ly") && !lyNouns.has(lower)) return "stop"
  return "noun"
}

/** Shouting or Title Case: capitals that say nothing about which words are names. */
const capitalsSayNothing = (text: string): boolean => {
  const letters = text.match(/\p{L}/gu) ?? []
  const capitals = text.match(/\p{Lu}/gu) ?? []
  if (letters.length >= 4 && capitals.length / letters.length > 0.6) return true
  const words = text.match(/\p{L}{4,}/gu) ?? []
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word))
  return words.length >= 2 && capitalised.length / words.length >= 0.8
}

/** Words and the breaks between them; a non-Latin word is a break, so phrases never straddle one. */
export const tokenize = (text: string): Array<Token> => {
  const shouting = capitalsSayNothing(text)
  const tokens: Array<Token> = []
  let broken = true
  let sentenceStart = true
  let previous = ""
  const pieces = text
    .slice(0, readLimit)
    .replace(/[’‘`]/g, "'")
    .match(/[\p{L}\p{N}][\p{L}\p{N}'-]*|\S/gu)
  for (const piece of pieces ?? []) {
    if (!/^[\p{L}\p{N}]/u.test(piece)) {
      broken = true
      previous = ""
      if (/[.!?]/.test(piece)) sentenceStart = true
      continue
    }
    const possessive = /[^']'s?$/i.test(piece)
    const raw = piece.replace(/'s?$/i, "").replace(/-+$/, "")
    const lower = plain(raw)
    if (!latinWord.test(lower)) {
      broken = true
      sentenceStart = false
      previous = ""
      continue
    }
    const capitalised = /^\p{Lu}\p{Ll}/u.test(raw)
    const named = capitalised && !shouting && !sentenceStart
    const kind = verbCues.has(previous) && !named ? "stop" : classify(lower)
    const proper = named && kind === "noun"
    previous = lower
    tokens.push({ raw, lower, kind, broken, possessive: possessive && kind === "noun", proper })
    broken = false
    sentenceStart = false
  }
  return tokens.map((token, index) => {
    const next = tokens[index + 1]
    const style = genreNouns.has(token.lower) && next !== undefined && musicWords.has(next.lower)
    return style ? { ...token, kind: "stop" } : token
  })
}

const englishLists = [
  stopwords,
  adjectives,
  bareNouns,
  kinNouns,
  personNouns,
  placeNouns,
  timeNouns,
  ideaNouns,
  troubleNouns,
  ingNouns,
  lyNouns,
]

const isEnglish = (word: string): boolean =>
  englishLists.some((words) => words.has(word)) || /(ing|ed|ly|ness|tion)$/.test(word)

/**
 * Whether a text is in another language: mostly another script, or several words of which not one
 * is a word this writer knows ("mi abuela y su jardín"). A short list of English nouns still counts
 * as English ("summer, beach, friends").
 */
export const looksForeign = (text: string): boolean => {
  const sample = plain(text.slice(0, readLimit))
  const letters = sample.match(/\p{L}/gu)?.length ?? 0
  const latinLetters = sample.match(/[a-z]/g)?.length ?? 0
  if (letters >= 2 && latinLetters < letters / 2) return true
  const latin = (sample.match(/[a-z][a-z']*/g) ?? []).map((word) => word.replace(/'s?$/, ""))
  return latin.length >= 3 && !latin.some(isEnglish)
}
