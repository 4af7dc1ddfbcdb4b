import { lineSyllables } from "./lyric-syllables.ts"
import { ingNouns, stopwords } from "./lyric-words.ts"

/**
 * The title as the chorus sings it: the whole title when it fits in a line, otherwise its key phrase,
 * and whether it reads as a name ("Grandmother's Garden") or as words someone says ("I Will Survive"),
 * which decides the lines it can stand in.
 */

export type TitleKind = "name" | "saying"

export interface TitlePhrase {
  readonly text: string
  readonly kind: TitleKind
  /** The person's own words, sung with their capitals even at the start of a line. */
  readonly asWritten: boolean
}

const whole = { syllables: 8, chars: 40 }
const key = { syllables: 6, chars: 32 }
const longestKey = 4

const quotes = /^["'“”‘’«»]+|["'“”‘’«»]+$/g

/**
 * The title without what would break the lyrics: brackets (they mark section headers), control
 * characters, surrounding quotes and a trailing comma or colon.
 */
export const cleanTitle = (title: string): string =>
  title
    .replace(/\p{Cc}+/gu, " ")
    .replace(/[[\]{}<>]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(quotes, "")
    .replace(/[,;:]+$/, "")
    .trim()

const sayingStarts = new Set(
  `i i'm i'll i've i'd you you're we we're they he she it it's let let's don't can't won't
   take give hold tell come stay say never please when if where why how what who just keep bring
   don't`.split(/\s+/),
)

const plain = (word: string): string =>
  word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[’‘]/g, "'")

const kindOf = (text: string): TitleKind => {
  const first = plain(text.split(" ")[0] ?? "")
  const gerund = first.endsWith("ing") && first.length > 4 && !ingNouns.has(first)
  return sayingStarts.has(first) || gerund || /[?!]$/.test(text) ? "saying" : "name"
}

const fitsIn = (text: string, limit: { syllables: number; chars: number }): boolean =>
  text.length > 0 && text.length <= limit.chars && lineSyllables(text) <= limit.syllables

interface Word {
  readonly start: number
  readonly end: number
  readonly content: boolean
  /** Punctuation stands between this word and the one before. */
  readonly broken: boolean
}

const wordsOf = (title: string): Array<Word> => {
  const words: Array<Word> = []
  let last = 0
  for (const match of title.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const start = match.index ?? 0
    const gap = title.slice(last, start)
    const lower = plain(match[0]).replace(/'s$/, "")
    words.push({
      start,
      end: start + match[0].length,
      content: !stopwords.has(lower),
      broken: words.length === 0 || /[^\s]/.test(gap),
    })
    last = start + match[0].length
  }
  return words
}

/** The phrase of a long title most worth singing: the most content words that fit, earliest first. */
export const keyPhrase = (title: string): string | undefined => {
  const words = wordsOf(title)
  let best: { text: string; score: number } | undefined
  for (let from = 0; from < words.length; from++) {
    for (let to = from; to < Math.min(words.length, from + longestKey); to++) {
      const first = words[from] as Word
      const last = words[to] as Word
      if (to > from && (words[to] as Word).broken) break
      if (!first.content || !last.content) continue
      const text = title.slice(first.start, last.end)
      if (!fitsIn(text, key)) continue
      // Content words make a phrase worth singing; small words in between only pad it.
      const content = words.slice(from, to + 1).filter((word) => word.content).length
      const score = content * 3 - (to - from + 1 - content)
      if (best === undefined || score > best.score) best = { text, score }
    }
  }
  return best?.text
}

/** What the chorus may sing for a title, best first; empty when nothing of it can be sung. */
export const titlePhrases = (title: string): ReadonlyArray<TitlePhrase> => {
  const cleaned = cleanTitle(title)
  if (cleaned.length === 0) return []
  if (fitsIn(cleaned, whole) || (cleaned.length <= whole.chars && lineSyllables(cleaned) === 0)) {
    const phrase = { text: cleaned, kind: kindOf(cleaned), asWritten: true }
    const shorter = lineSyllables(cleaned) > key.syllables ? keyPhrase(cleaned) : undefined
    return shorter === undefined
      ? [phrase]
      : [phrase, { text: shorter, kind: kindOf(shorter), asWritten: true }]
  }
  const phrase = keyPhrase(cleaned)
  return phrase === undefined ? [] : [{ text: phrase, kind: kindOf(phrase), asWritten: true }]
}
