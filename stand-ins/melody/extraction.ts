import { normalise } from "./melody-intents.ts"
import { descriptors, type Genre, type Voice } from "./melody-vocabulary.ts"
import {
  blank,
  descriptorMatchers,
  dropped,
  type Found,
  findTerms,
  genreMatchers,
  instrumentMatchers,
  kept,
  moodMatchers,
  negated,
  negatedGenre,
  voiceMatchers,
} from "./message-terms.ts"
import { findExplicitTheme, findPlainTheme } from "./message-themes.ts"
import { findTitle } from "./message-titles.ts"

/**
 * Reading one message for song facts: what it is about, its title, genre, mood, style words, voice and
 * instruments. The title is read first and the theme next, and each is blanked out before the style words
 * are looked for, so "call it Rock Bottom" is not a rock song and "about my country" is not a country song.
 */

export interface MessageSlots {
  readonly theme: string | undefined
  readonly title: string | undefined
  readonly genres: ReadonlyArray<Genre>
  readonly moods: ReadonlyArray<string>
  readonly droppedMoods: ReadonlyArray<string>
  readonly descriptors: ReadonlyArray<string>
  readonly droppedDescriptors: ReadonlyArray<string>
  readonly voice: Voice | undefined
  readonly instruments: ReadonlyArray<string>
  readonly droppedInstruments: ReadonlyArray<string>
  /** "just piano", "piano instead": the new instruments replace the old ones rather than join them. */
  readonly replacesInstruments: boolean
}

export interface ReadOptions {
  /** Whether a message without "about ..." may still name the subject ("summer love by the sea"). */
  readonly plainTheme: boolean
}

// Long pastes are read in full up to here; nothing a person types about a song needs more.
const readLimit = 4000

const replacing =
  /(?<![\p{L}'])(?:only|just|instead|rather|replace|swap|switch|change|actually)(?![\p{L}'])/iu
const adding = /(?<![\p{L}'])(?:add|also|too|plus|as well|more|extra)(?![\p{L}'])/iu

const chooseVoice = (found: ReadonlyArray<Found>): Voice | undefined => {
  const said = kept(found) as Array<Voice>
  // "Instrumental, no vocals": nobody sings, whatever else was named.
  if (said.includes("instrumental")) return "instrumental"
  const group = said.find((voice) => voice === "duet" || voice === "choir")
  if (group !== undefined) return group
  if (said.includes("male") && said.includes("female")) return "duet"
  return said[0]
}

/** The last descriptor of each group: "slow ... actually fast" is fast. */
const lastOfEachGroup = (names: ReadonlyArray<string>): Array<string> => {
  const byGroup = new Map<string, string>()
  for (const name of names) {
    const group = descriptors.find((d) => d.name === name)?.group ?? name
    byGroup.delete(group)
    byGroup.set(group, name)
  }
  return [...byGroup.values()]
}

export const readMessage = (message: string, options: ReadOptions): MessageSlots => {
  const text = normalise(message).slice(0, readLimit)
  let work = text
  const title = findTitle(work)
  if (title !== undefined) work = blank(work, title.start, title.end)
  const theme = findExplicitTheme(work) ?? (options.plainTheme ? findPlainTheme(work) : undefined)
  const moodsFound = findTerms(work, moodMatchers, negated).found
  let rest = theme === undefined ? work : blank(work, theme.start, theme.end)
  const genresFound = findTerms(rest, genreMatchers, negatedGenre)
  rest = genresFound.rest
  const voicesFound = findTerms(rest, voiceMatchers, negated)
  rest = voicesFound.rest
  const instrumentsFound = findTerms(rest, instrumentMatchers, negated)
  rest = instrumentsFound.rest
  const descriptorsFound = findTerms(rest, descriptorMatchers, negated).found
  const newInstruments = kept(instrumentsFound.found)
  return {
    theme: theme?.text,
    title: title?.title,
    genres: kept(genresFound.found).slice(0, 2) as Array<Genre>,
    moods: kept(moodsFound).slice(0, 3),
    droppedMoods: dropped(moodsFound),
    descriptors: lastOfEachGroup(kept(descriptorsFound)).slice(0, 4),
    droppedDescriptors: dropped(descriptorsFound),
    voice: chooseVoice(voicesFound.found),
    instruments: newInstruments.slice(0, 6),
    droppedInstruments: dropped(instrumentsFound.found),
    replacesInstruments: newInstruments.length > 0 && replacing.test(text) && !adding.test(text),
  }
}

const anyTheme: ReadOptions = { plainTheme: true }

export const extractTheme = (message: string): string | undefined =>
  readMessage(message, anyTheme).theme
export const extractTitle = (message: string): string | undefined =>
  readMessage(message, anyTheme).title
export const extractGenres = (message: string): ReadonlyArray<Genre> =>
  readMessage(message, anyTheme).genres
export const extractMoods = (message: string): ReadonlyArray<string> =>
  readMessage(message, anyTheme).moods
export const extractDescriptors = (message: string): ReadonlyArray<string> =>
  readMessage(message, anyTheme).descriptors
export const extractVoice = (message: string): Voice | undefined =>
  readMessage(message, anyTheme).voice
export const extractInstruments = (message: string): ReadonlyArray<string> =>
  readMessage(message, anyTheme).instruments
