import { type MessageSlots, readMessage } from "./extraction.ts"
import { normalise } from "./melody-intents.ts"
import {
  aCappella,
  anyStyleInstruments,
  descriptors,
  type Genre,
  genreInstruments,
  moodColour,
  moodSubject,
  type Voice,
} from "./melody-vocabulary.ts"
import { titleCase } from "./message-themes.ts"

/**
 * The song being planned, folded from everything the person said. Later words win for style, voice and
 * title; instruments gather across messages unless the person replaces them; the song's subject is the
 * first one given until they name another with "about ..." or "for ...".
 */
export interface Plan {
  readonly theme: string | undefined
  readonly moods: ReadonlyArray<string>
  readonly genres: ReadonlyArray<Genre>
  readonly descriptors: ReadonlyArray<string>
  readonly voice: Voice | undefined
  readonly instruments: ReadonlyArray<string>
  readonly title: string | undefined
}

export const emptyPlan: Plan = {
  theme: undefined,
  moods: [],
  genres: [],
  descriptors: [],
  voice: undefined,
  instruments: [],
  title: undefined,
}

const styleLimit = 200
const titleLimit = 60
const maxInstruments = 6

const groupOf = (name: string) => descriptors.find((d) => d.name === name)?.group ?? name

const gatherInstruments = (plan: Plan, slots: MessageSlots): ReadonlyArray<string> => {
  if (slots.instruments.includes(aCappella)) return [aCappella]
  const kept =
    slots.instruments.length === 0
      ? plan.instruments
      : slots.replacesInstruments
        ? []
        : plan.instruments.filter((i) => i !== aCappella)
  return [...new Set([...kept, ...slots.instruments])]
    .filter((i) => !slots.droppedInstruments.includes(i))
    .slice(-maxInstruments)
}

export const applySlots = (plan: Plan, slots: MessageSlots): Plan => {
  let styleWords = plan.descriptors.filter((d) => !slots.droppedDescriptors.includes(d))
  for (const added of slots.descriptors)
    styleWords = [...styleWords.filter((d) => groupOf(d) !== groupOf(added)), added]
  return {
    theme: slots.theme ?? plan.theme,
    moods:
      slots.moods.length > 0
        ? slots.moods
        : plan.moods.filter((m) => !slots.droppedMoods.includes(m)),
    genres: slots.genres.length > 0 ? slots.genres : plan.genres,
    descriptors: styleWords,
    voice: slots.voice ?? plan.voice,
    instruments: gatherInstruments(plan, slots),
    title: slots.title ?? plan.title,
  }
}

/** Whether the song has something to be about: a subject, or at least a feeling. */
export const hasSubject = (plan: Plan): boolean => plan.theme !== undefined || plan.moods.length > 0

/** One more message read into the plan; a plain message names the subject only while there is none. */
export const readInto = (plan: Plan, message: string): Plan =>
  applySlots(plan, readMessage(message, { plainTheme: !hasSubject(plan) }))

export const planFromMessages = (messages: ReadonlyArray<string>): Plan =>
  messages.reduce(readInto, emptyPlan)

/**
 * A finished song's style text read back into a plan, so "make it jazzier" can swap the genre and keep the
 * rest. Parts Melody does not recognise ("whispery vocals") are kept as they were.
 */
export const planFromStyle = (
  style: string,
): { readonly plan: Plan; readonly extras: ReadonlyArray<string> } => {
  const read = (text: string) => readMessage(text, { plainTheme: false })
  const plan = { ...applySlots(emptyPlan, read(style)), theme: undefined, title: undefined }
  const extras = style
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !hasStyle(applySlots(emptyPlan, read(part))))
  return { plan, extras }
}

const hasStyle = (plan: Plan) =>
  plan.genres.length > 0 ||
  plan.moods.length > 0 ||
  plan.descriptors.length > 0 ||
  plan.voice !== undefined ||
  plan.instruments.length > 0

export type Step = "theme" | "style" | "sound" | "review"

/** The four steps: a subject or feeling, a style, the voice and instruments, then the review. */
export const nextStep = (plan: Plan): Step => {
  if (!hasSubject(plan)) return "theme"
  if (plan.genres.length === 0 && plan.descriptors.length === 0) return "style"
  if (plan.voice === undefined || plan.instruments.length === 0) return "sound"
  return "review"
}

export const suggestedInstruments = (plan: Plan): readonly [string, string, string] => {
  const genre = plan.genres[0]
  return genre === undefined ? anyStyleInstruments : genreInstruments[genre]
}

/** What Melody picks when asked to choose: pop, a female voice, and instruments that suit the genre. */
export const withDefaults = (plan: Plan): Plan => {
  const genres: ReadonlyArray<Genre> =
    plan.genres.length === 0 && plan.descriptors.length === 0 ? ["Pop"] : plan.genres
  const chosen = { ...plan, genres }
  return {
    ...chosen,
    voice: plan.voice ?? "female",
    instruments:
      plan.instruments.length > 0 ? plan.instruments : suggestedInstruments(chosen).slice(0, 2),
  }
}

export interface Changes {
  readonly theme: boolean
  readonly moods: boolean
  readonly genres: boolean
  readonly descriptors: boolean
  readonly voice: boolean
  readonly instruments: boolean
  readonly title: boolean
}

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((item, i) => item === b[i])

export const changes = (before: Plan, after: Plan): Changes => ({
  theme: before.theme !== after.theme,
  moods: !sameList(before.moods, after.moods),
  genres: !sameList(before.genres, after.genres),
  descriptors: !sameList(before.descriptors, after.descriptors),
  voice: before.voice !== after.voice,
  instruments: !sameList(before.instruments, after.instruments),
  title: before.title !== after.title,
})

export const anyChange = (c: Changes): boolean => Object.values(c).some(Boolean)

export const styleChanged = (c: Changes): boolean =>
  c.moods || c.genres || c.descriptors || c.voice || c.instruments

// What the song becomes

/** The subject in words: the person's own, or one that suits the feeling they gave. */
export const subjectOf = (plan: Plan): string =>
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
