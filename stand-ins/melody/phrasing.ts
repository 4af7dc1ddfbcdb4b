import type { Plan } from "./melody-plan.ts"
import { aCappella, type Genre, genreInSentence } from "./melody-vocabulary.ts"
import { aboutPhrase, article, joinWords, songTitle, voiceLabel } from "./song-from-plan.ts"
import { flipPronouns } from "./speaking-back.ts"

/**
 * Melody's words. Each message has a few wordings; a picker seeded from the request's seed and the person's
 * message chooses among them, so a reply varies between conversations yet repeats exactly for one request.
 */

export type Pick = <A>(options: readonly [A, ...ReadonlyArray<A>]) => A

/** FNV-1a over the text, then mulberry32: small, fast, and the same on every machine. */
export const seededPick = (seed: number, text: string): Pick => {
  let state = (seed ^ 0x811c9dc5) >>> 0
  for (let i = 0; i < text.length; i++)
    state = Math.imul(state ^ text.charCodeAt(i), 0x01000193) >>> 0
  return (options) => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296
    return options[Math.floor(unit * options.length)] ?? options[0]
  }
}

const echoLimit = 90

const clip = (text: string, limit: number): string => {
  if (text.length <= limit) return text
  const cut = text.slice(0, limit)
  const space = cut.lastIndexOf(" ")
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`
}

export const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The subject said back to the person: "my dog" becomes "your dog". */
export const echo = (theme: string): string => clip(flipPronouns(aboutPhrase(theme)), echoLimit)

export const genreWords = (genres: ReadonlyArray<Genre>) =>
  joinWords(genres.map((g) => genreInSentence[g]))

/** "a nostalgic country song", "an upbeat, 80s pop song". */
export const songPhrase = (plan: Plan): string => {
  const feel = [...plan.moods, ...plan.descriptors].join(", ")
  const kind = [feel, genreWords(plan.genres)].filter((w) => w !== "").join(" ")
  return kind === "" ? "a song" : `${article(kind)} ${kind} song`
}

/** "male vocals with acoustic guitar and fiddle". */
export const soundPhrase = (plan: Plan): string => {
  const voice = plan.voice === undefined ? "vocals" : voiceLabel[plan.voice]
  const sung = plan.voice === "duet" ? `a ${voice}` : plan.voice === "choir" ? "a choir" : voice
  if (plan.instruments.includes(aCappella)) return `${sung}, a cappella`
  if (plan.instruments.length === 0) return sung
  return `${sung} with ${joinWords(plan.instruments.slice(0, 5))}`
}

export const aboutPart = (plan: Plan) =>
  plan.theme === undefined ? "" : ` about ${echo(plan.theme)}`

const titlePart = (plan: Plan) =>
  plan.title === undefined
    ? `with the working title "${songTitle(plan)}"`
    : `titled "${plan.title}"`

export const planSummary = (plan: Plan): string =>
  `${songPhrase(plan)}${aboutPart(plan)}, ${soundPhrase(plan)}, ${titlePart(plan)}`

const messageLimit = 599

/** Every message stays under 600 characters, ending at a sentence where it has to be cut. */
export const withinLimit = (message: string): string => {
  if (message.length <= messageLimit) return message
  const cut = message.slice(0, messageLimit - 1)
  const sentence = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "))
  return sentence > messageLimit / 2 ? cut.slice(0, sentence + 1) : `${cut.trimEnd()}…`
}
