import { descriptors, genres, instruments, moods, type Term, voices } from "./melody-vocabulary.ts"

/**
 * Finding Melody's vocabulary in a message: each term matched between non-letters, earlier terms first,
 * and whether a negation ("no drums", "not country") takes it back.
 */

export const letter = /\p{L}/u
export const words = (text: string): Array<string> =>
  text.toLowerCase().match(/[\p{L}\p{N}'&-]+/gu) ?? []

export const between = (pattern: string) => `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`
const compile = (terms: ReadonlyArray<Term>): ReadonlyArray<{ name: string; regex: RegExp }> =>
  terms.map((term) => ({ name: term.name, regex: new RegExp(between(term.pattern), "giu") }))

export const genreMatchers = compile(genres)
export const moodMatchers = compile(moods)
export const descriptorMatchers = compile(descriptors)
export const voiceMatchers = compile(voices)
export const instrumentMatchers = compile(instruments)

export const blank = (text: string, start: number, end: number): string =>
  text.slice(0, start) + " ".repeat(end - start) + text.slice(end)

const negators =
  "not|no|without|less|minus|drop|remove|lose|skip|ditch|never|instead of|rather than|hate|don't want|do not want|no more|get rid of|take out"
const negatorBefore = (extra: string) =>
  new RegExp(
    `(?:^|[^\\p{L}'])(?:${negators}${extra})\\s+(?:(?:the|a|an|any|so|too|very|more|that|those|of)\\s+)?$`,
    "iu",
  )
export const negated = negatorBefore("")
// "switch from country to rock": the genre after "from" is the one being left.
export const negatedGenre = negatorBefore("|from")

export interface Found {
  readonly name: string
  readonly start: number
  readonly negated: boolean
}

/** Every match of the terms, earlier terms first, each blanked so a shorter term cannot match it again. */
export const findTerms = (
  text: string,
  matchers: ReadonlyArray<{ name: string; regex: RegExp }>,
  negation: RegExp,
): { found: Array<Found>; rest: string } => {
  let rest = text
  const found: Array<Found> = []
  for (const { name, regex } of matchers) {
    for (const match of text.matchAll(regex)) {
      const start = match.index
      const end = start + match[0].length
      if (rest.slice(start, end).trim() === "") continue
      found.push({
        name,
        start,
        negated: negation.test(text.slice(Math.max(0, start - 40), start)),
      })
      rest = blank(rest, start, end)
    }
  }
  found.sort((a, b) => a.start - b.start)
  return { found, rest }
}

const unique = <A>(items: ReadonlyArray<A>): Array<A> => [...new Set(items)]
export const kept = (found: ReadonlyArray<Found>) =>
  unique(found.filter((f) => !f.negated).map((f) => f.name))
export const dropped = (found: ReadonlyArray<Found>) =>
  unique(found.filter((f) => f.negated).map((f) => f.name))
