import { isMoodAdjective } from "./lyric-moods.ts"
import { lineSyllables } from "./lyric-syllables.ts"
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
  objectPronouns,
  personNouns,
  phrasePrepositions,
  placeNouns,
  stopwords,
  timeNouns,
  troubleNouns,
} from "./lyric-words.ts"

/**
 * What a song is about, read from free text: short noun phrases a line can hold ("my grandmother",
 * "the small town", "patience") and, when the text has one, an activity ("leaving a small town").
 * Long texts give their most repeated phrases; nothing is ever pasted whole.
 */

export interface ThemeItem {
  /** Ready to sing, with the determiner the text implies ("my grandmother", "the garden", "patience"). */
  readonly text: string
  /** The text's own words in it, lowercased: what shows that the song is about the description. */
  readonly words: ReadonlyArray<string>
  readonly kind: ThemeKind
}

/** What a theme phrase names, which decides the lines it can stand in ("the garden taught me"). */
export type ThemeKind = "person" | "place" | "idea" | "thing" | "trouble"

export interface Theme {
  readonly items: ReadonlyArray<ThemeItem>
  /** An activity from the text as a gerund phrase, when it has one. */
  readonly doing: ThemeItem | undefined
}

// A line holds a theme phrase next to eight or so syllables of its own.
const itemSyllables = 5
const itemChars = 28
const doingSyllables = 7
const doingChars = 32
// The subject of a song shows long before this, and reading stays cheap for pasted essays.
const readLimit = 4000

type Kind = "stop" | "noun" | "adj" | "ing" | "ed"

interface Token {
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
const articles = new Set(["a", "an", "the", "my", "your", "our", "this", "that", "these", "those"])
const owners = new Set(["his", "her", "their", "its"])
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
const particles = new Set(["up", "down", "out", "away", "back", "off", "over", "around", "along"])

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
const tokenize = (text: string): Array<Token> => {
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

const spelled = (token: Token): string => (token.proper ? token.raw : token.raw.toLowerCase())

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

const fits = (text: string, syllables: number, chars: number): boolean => {
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

const before = (tokens: ReadonlyArray<Token>, index: number): Token | undefined => {
  const token = tokens[index]
  return token === undefined || token.broken ? undefined : tokens[index - 1]
}

/** A participle describes the noun after it only behind a determiner ("the rolling hills"). */
const opensNounRun = (tokens: ReadonlyArray<Token>, index: number): boolean => {
  const token = tokens[index]
  if (token === undefined) return false
  if (token.kind === "noun" || token.kind === "adj") return true
  const previous = before(tokens, index)
  const described =
    previous !== undefined && (articles.has(previous.lower) || owners.has(previous.lower))
  return (token.kind === "ing" || token.kind === "ed") && described
}

/** The content words from an index on, stopping after a possessive ("grandmother's"). */
const nounRun = (tokens: ReadonlyArray<Token>, from: number): Array<Token> => {
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
const upToLastNoun = (run: ReadonlyArray<Token>): Array<Token> =>
  run.slice(0, run.map((token) => token.kind).lastIndexOf("noun") + 1)

interface Found {
  readonly item: ThemeItem
  readonly key: string
  readonly at: number
}

const nounPhrases = (tokens: ReadonlyArray<Token>): Array<Found> => {
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
const rank = (found: ReadonlyArray<Found>): Array<ThemeItem> => {
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

const activity = (tokens: ReadonlyArray<Token>): ThemeItem | undefined => {
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

/** The theme of a description: its key noun phrases, most important first, and its activity. */
export const readTheme = (description: string): Theme => {
  if (looksForeign(description)) return { items: [], doing: undefined }
  const tokens = tokenize(description)
  return { items: rank(nounPhrases(tokens)).slice(0, 8), doing: activity(tokens) }
}

/** Phrases for when a description gives too little: each fits every line a theme phrase can go in. */
export const genericThemes: ReadonlyArray<ThemeItem> = [
  { text: "the memory", words: [], kind: "idea" },
  { text: "this feeling", words: [], kind: "idea" },
  { text: "the moment", words: [], kind: "idea" },
  { text: "the way we were", words: [], kind: "idea" },
  { text: "the good times", words: [], kind: "idea" },
]
