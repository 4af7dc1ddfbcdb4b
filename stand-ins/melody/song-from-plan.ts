import { normalise } from "./melody-intents.ts"
import type { Plan } from "./melody-plan.ts"
import { moodColour, moodSubject, type Voice } from "./melody-vocabulary.ts"
import { titleCase } from "./message-titles.ts"

/** What the song becomes from the plan: its subject in words, title, style text, description and voice. */

/** The limits of the song's form: a style up to 200 characters, a title up to 60. */
const styleLimit = 200
const titleLimit = 60

/** The subject in words: the person's own, or one that suits the feeling they gave. */
const subjectOf = (plan: Plan): string =>
  plan.theme ?? moodSubject[plan.moods[0] ?? ""] ?? "a moment worth singing about"

/** "I miss my dad" reads as "how I miss my dad" after "a song about". */
export const aboutPhrase = (subject: string): string =>
  /^(?:i|we|i'm|im|i've|i'd|i'll|we're|we've|we'd|we'll)(?![\p{L}'])/iu.test(normalise(subject))
    ? `how ${subject}`
    : subject

export const voiceLabel: Record<Voice, string> = {
  male: "male vocals",
  female: "female vocals",
  duet: "male and female duet",
  choir: "choir",
  instrumental: "instrumental, no vocals",
}

const chunkBreaks = new Set(
  "on in at for with by from to and while when after before during because since who that where but or like".split(
    " ",
  ),
)
const leadingWords = new Set(
  "a an the my our your his her their its this that these those how why when what i we me us you about some being just i'm we're im".split(
    " ",
  ),
)
const trailingWords = new Set("a an the of on in and or to at by for with from as".split(" "))
const possessives = new Set(["my", "our", "your", "his", "her", "their", "the"])

const trimTrailing = (words: ReadonlyArray<string>) => {
  const result = [...words]
  while (result.length > 0 && trailingWords.has(result[result.length - 1] ?? "")) result.pop()
  return result
}

interface Phrase {
  readonly words: ReadonlyArray<string>
  /** The possessive or article it lost ("my" of "my dog"), to give a one-word phrase back its weight. */
  readonly lead: string | undefined
  /** The preposition before it ("in" of "in Paris"), to join it to the phrase before. */
  readonly joiner: string | undefined
}

const phrasesOf = (subject: string): Array<Phrase> => {
  const phrases: Array<Phrase> = []
  for (const clause of normalise(subject)
    .toLowerCase()
    .split(/[,;:.!?()\u2013\u2014"]/)) {
    let current: Array<string> = []
    let joiner: string | undefined
    const flush = (next: string | undefined) => {
      let lead: string | undefined
      while (current.length > 0 && leadingWords.has(current[0] ?? "")) {
        const word = current.shift() ?? ""
        if (possessives.has(word)) lead = word
      }
      const words = trimTrailing(current)
      if (words.length > 0) phrases.push({ words, lead, joiner })
      current = []
      joiner = next
    }
    for (const word of clause.match(/[\p{L}\p{N}]+(?:'\p{L}+)?/gu) ?? []) {
      if (chunkBreaks.has(word)) flush(word)
      else current.push(word)
    }
    flush(undefined)
  }
  return phrases
}

const weight = (phrase: Phrase) =>
  phrase.words.filter((w) => !leadingWords.has(w) && !trailingWords.has(w)).length

/**
 * A title from the subject's strongest phrase: its words split at prepositions ("my wife | our
 * anniversary"), each phrase stripped of leading pronouns and articles, the one with the most content words
 * kept (the later one on a tie, where the detail usually is), two to four words in Title Case ("my
 * grandmother's garden" is "Grandmother's Garden"). A lone word takes back its possessive ("Our
 * Anniversary") or joins the phrase before it ("Love in Paris").
 */
export const deriveTitle = (subject: string): string => {
  const phrases = phrasesOf(subject)
  let best = -1
  phrases.forEach((phrase, index) => {
    const top = phrases[best]
    if (top === undefined || weight(phrase) >= weight(top)) best = index
  })
  const chosen = phrases[best]
  if (chosen === undefined) return "My Song"
  let words = trimTrailing(chosen.words.slice(0, 4))
  const before = phrases[best - 1]
  if (words.length === 1) {
    if (chosen.lead !== undefined) words = [chosen.lead, ...words]
    else if (before !== undefined && chosen.joiner !== undefined)
      words = [...before.words.slice(-2), chosen.joiner, ...words]
    else words = [...words, "song"]
  }
  const title = titleCase(words.join(" "))
  return title.length <= titleLimit ? title : title.slice(0, titleLimit).replace(/\s+\S*$/, "")
}

export const songTitle = (plan: Plan): string => plan.title ?? deriveTitle(subjectOf(plan))

/** Genre, feeling, style words, voice and instruments, as the lyric writer and the song generator read. */
export const styleText = (plan: Plan, extras: ReadonlyArray<string> = []): string => {
  const parts = [
    ...plan.genres,
    ...plan.moods,
    ...plan.descriptors,
    ...(plan.voice === undefined ? [] : [voiceLabel[plan.voice]]),
    ...plan.instruments,
    ...extras,
  ]
  while (parts.length > 1 && parts.join(", ").length > styleLimit) parts.pop()
  return parts.join(", ").slice(0, styleLimit)
}

export const joinWords = (items: ReadonlyArray<string>, last = "and"): string =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`

export const article = (word: string): string =>
  /^(?:[aeiou]|r&b|8|11|18|hour|honest)/i.test(word) ? "an" : "a"

/** One or two sentences on the subject and its feeling, in the person's own words. */
export const description = (plan: Plan): string => {
  const feeling = joinWords(plan.moods)
  const opening = feeling === "" ? "A song" : `${article(feeling)} ${feeling} song`
  const colour = joinWords(plan.moods.map((m) => moodColour[m] ?? m))
  const tone = colour === "" ? "heartfelt and personal" : colour
  const first = `${opening.charAt(0).toUpperCase()}${opening.slice(1)}`
  return `${first} about ${aboutPhrase(subjectOf(plan))}. It should feel ${tone}, with vivid, concrete images and a chorus that is easy to sing along to.`
}
