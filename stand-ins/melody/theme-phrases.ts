import { lineSyllables } from "./lyric-syllables.ts"
import type { ThemeItem, ThemeKind } from "./lyric-theme.ts"
import {
  bareNouns,
  ideaNouns,
  kinNouns,
  personNouns,
  placeNouns,
  timeNouns,
  troubleNouns,
} from "./lyric-words.ts"
import { articles, owners, type Token } from "./theme-words.ts"

/** The noun phrases of a text a line can hold, and which of them matter most. */

// A line holds a theme phrase next to eight or so syllables of its own.
const itemSyllables = 5
const itemChars = 28

export const spelled = (token: Token): string =>
  token.proper ? token.raw : token.raw.toLowerCase()

const abstractEnding = /(ness|ence|ance|ity|dom|ship|hood|tion|sion|ism)$/

const kindOf = (head: Token): ThemeKind => {
  if (head.proper || kinNouns.has(head.lower) || personNouns.has(head.lower)) return "person"
  if (placeNouns.has(head.lower)) return "place"
  if (troubleNouns.has(head.lower)) return "trouble"
  if (ideaNouns.has(head.lower) || abstractEnding.test(head.lower)) return "idea"
  return "thing"
}

const looksPlural = (word: string): boolean =>
  word.length > 3 && word.endsWith("s") && !/(ss|us|is|ics)$/.test(word)

export const fits = (text: string, syllables: number, chars: number): boolean => {
  const count = lineSyllables(text)
  return text.length <= chars && count > 0 && count <= syllables
}

/** The determiner a phrase takes from the word before it; "her garden" is sung as "the garden". */
const determinerAfter = (before: Token | undefined): string | undefined => {
  if (before === undefined) return undefined
  if (before.possessive || owners.has(before.lower)) return "the"
  if (before.lower === "a" || before.lower === "an") return "the"
  if (before.lower === "these") return "those"
  return articles.has(before.lower) ? before.lower : undefined
}

/** The phrase for a run of words ending on a noun, shortened from the left until it fits a line. */
const phraseOf = (
  determiner: string | undefined,
  run: ReadonlyArray<Token>,
): string | undefined => {
  const head = run[run.length - 1]
  if (head === undefined || head.kind !== "noun") return undefined
  const bare = head.proper || bareNouns.has(head.lower) || looksPlural(head.lower)
  const article = determiner ?? (kinNouns.has(head.lower) ? "my" : bare ? undefined : "the")
  for (let start = Math.max(0, run.length - 3); start < run.length; start++) {
    const words = run.slice(start).map(spelled)
    const text = (article === undefined ? words : [article, ...words]).join(" ")
    if (fits(text, itemSyllables, itemChars)) return text
  }
  return undefined
}

export const before = (tokens: ReadonlyArray<Token>, index: number): Token | undefined => {
  const token = tokens[index]
  return token === undefined || token.broken ? undefined : tokens[index - 1]
}

/** A participle describes the noun after it only behind a determiner ("the rolling hills"). */
export const opensNounRun = (tokens: ReadonlyArray<Token>, index: number): boolean => {
  const token = tokens[index]
  if (token === undefined) return false
  if (token.kind === "noun" || token.kind === "adj") return true
  const previous = before(tokens, index)
  const described =
    previous !== undefined && (articles.has(previous.lower) || owners.has(previous.lower))
  return (token.kind === "ing" || token.kind === "ed") && described
}

/** The content words from an index on, stopping after a possessive ("grandmother's"). */
export const nounRun = (tokens: ReadonlyArray<Token>, from: number): Array<Token> => {
  const run: Array<Token> = []
  for (let index = from; index < tokens.length; index++) {
    const token = tokens[index] as Token
    const content = token.kind === "noun" || token.kind === "adj"
    if (index > from && (token.broken || !content)) break
    run.push(token)
    if (token.possessive) break
  }
  return run
}

/** "a house full of music": an adjective after the noun says something about it, it is not the noun. */
export const upToLastNoun = (run: ReadonlyArray<Token>): Array<Token> =>
  run.slice(0, run.map((token) => token.kind).lastIndexOf("noun") + 1)

interface Found {
  readonly item: ThemeItem
  readonly key: string
  readonly at: number
}

export const nounPhrases = (tokens: ReadonlyArray<Token>): Array<Found> => {
  const found: Array<Found> = []
  let index = 0
  while (index < tokens.length) {
    if (!opensNounRun(tokens, index)) {
      index++
      continue
    }
    const whole = nounRun(tokens, index)
    const run = upToLastNoun(whole)
    const text = phraseOf(determinerAfter(before(tokens, index)), run)
    const head = run[run.length - 1] ?? (whole[0] as Token)
    if (text !== undefined) {
      const inText = text.toLowerCase().split(" ")
      const words = run.map((token) => token.lower).filter((word) => inText.includes(word))
      found.push({
        item: { text, words, kind: kindOf(head) },
        key: head.lower,
        at: index,
      })
    }
    index += whole.length
  }
  return found
}

/** The most repeated phrases first, then in the order the text gives them; one per head noun. */
export const rank = (found: ReadonlyArray<Found>): Array<ThemeItem> => {
  const counts = new Map<string, number>()
  for (const entry of found) counts.set(entry.key, (counts.get(entry.key) ?? 0) + 1)
  const seen = new Set<string>()
  return [...found]
    .sort(
      (a, b) =>
        Number(timeNouns.has(a.key)) - Number(timeNouns.has(b.key)) ||
        (counts.get(b.key) ?? 0) - (counts.get(a.key) ?? 0) ||
        a.at - b.at,
    )
    .filter((entry) => {
      if (seen.has(entry.key)) return false
      seen.add(entry.key)
      return true
    })
    .map((entry) => entry.item)
}
