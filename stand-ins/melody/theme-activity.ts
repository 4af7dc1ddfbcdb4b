import type { ThemeItem } from "./lyric-theme.ts"
import { objectPronouns, phrasePrepositions } from "./lyric-words.ts"
import { before, fits, nounRun, opensNounRun, spelled, upToLastNoun } from "./theme-phrases.ts"
import { articles, owners, particles, type Token } from "./theme-words.ts"

/** The activity a text names ("leaving a small town"), when the singer can sing it as their own. */

// An activity holds a line with a few syllables of its own around it.
const doingSyllables = 7
const doingChars = 32

// Activities that hurt: a song can live through them but not cheer them on.
const hardGerunds = new Set([
  "missing",
  "losing",
  "crying",
  "grieving",
  "mourning",
  "forgetting",
  "hurting",
  "dying",
  "breaking",
  "struggling",
  "suffering",
  "burying",
])

// Gerunds too vague to sing as an activity ("I was being in the rain").
const emptyGerunds = new Set([
  "being",
  "having",
  "doing",
  "getting",
  "trying",
  "wanting",
  "needing",
  "making",
  "saying",
  "knowing",
  "seeming",
  "becoming",
  "thinking",
])

interface Taken {
  readonly parts: ReadonlyArray<string>
  readonly words: ReadonlyArray<string>
  readonly next: number
}

/** What a verb or preposition acts on: "you", "a small town", "the rain", "dreams". */
const objectAt = (tokens: ReadonlyArray<Token>, index: number): Taken | undefined => {
  const token = tokens[index]
  if (token === undefined || token.broken) return undefined
  const following = tokens[index + 1]
  const ownsNext =
    following !== undefined &&
    !following.broken &&
    (following.kind === "noun" || following.kind === "adj")
  if (objectPronouns.has(token.lower) && !(owners.has(token.lower) && ownsNext)) {
    return { parts: [token.lower], words: [], next: index + 1 }
  }
  const determiner = articles.has(token.lower) || owners.has(token.lower)
  const start = determiner ? index + 1 : index
  const first = tokens[start]
  if (first === undefined || (determiner && first.broken)) return undefined
  if (first.kind !== "noun" && first.kind !== "adj") return undefined
  const run = upToLastNoun(nounRun(tokens, start))
  if (run.length === 0) return undefined
  const kept = run.slice(-2)
  const article = determiner ? token.lower : undefined
  const words = kept.map(spelled)
  return {
    parts: article === undefined ? words : [article, ...words],
    words: kept.map((word) => word.lower),
    next: start + run.length,
  }
}

/** "leaving a small town", "dancing in the rain", "missing you": a gerund and what it acts on. */
const gerundPhrase = (tokens: ReadonlyArray<Token>, at: number): ThemeItem | undefined => {
  const gerund = tokens[at] as Token
  const particle = tokens[at + 1]
  const phrasal = particle !== undefined && !particle.broken && particles.has(particle.lower)
  const verb = phrasal ? [gerund.lower, particle.lower] : [gerund.lower]
  const after = at + verb.length
  const versions: Array<Taken> = [{ parts: verb, words: [gerund.lower], next: after }]
  const direct = objectAt(tokens, after)
  const withObject = direct && {
    parts: [...verb, ...direct.parts],
    words: [gerund.lower, ...direct.words],
    next: direct.next,
  }
  if (withObject) versions.push(withObject)
  const last = withObject ?? (versions[0] as Taken)
  const preposition = tokens[last.next]
  if (
    preposition !== undefined &&
    !preposition.broken &&
    phrasePrepositions.has(preposition.lower)
  ) {
    const indirect = objectAt(tokens, last.next + 1)
    if (indirect) {
      versions.push({
        parts: [...last.parts, preposition.lower, ...indirect.parts],
        words: [...last.words, ...indirect.words],
        next: indirect.next,
      })
    }
  }
  for (const version of versions.reverse()) {
    const text = version.parts.join(" ")
    if (fits(text, doingSyllables, doingChars)) {
      const kind = hardGerunds.has(gerund.lower) ? "trouble" : "idea"
      return { text, words: version.words, kind }
    }
  }
  return undefined
}

// "my father teaching me": someone else's activity, which the singer cannot sing as "I was ...".
const singersOwn = (tokens: ReadonlyArray<Token>, index: number): boolean => {
  const doer = before(tokens, index)
  const object = tokens[index + 1]
  const onSinger =
    object !== undefined && !object.broken && ["me", "us", "myself"].includes(object.lower)
  return doer?.kind !== "noun" && !onSinger
}

export const activity = (tokens: ReadonlyArray<Token>): ThemeItem | undefined => {
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token
    if (token.kind !== "ing" || emptyGerunds.has(token.lower) || opensNounRun(tokens, index))
      continue
    if (!singersOwn(tokens, index)) continue
    const found = gerundPhrase(tokens, index)
    if (found !== undefined) return found
  }
  return undefined
}
