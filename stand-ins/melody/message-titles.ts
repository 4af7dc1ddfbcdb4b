import { shouting, tailEnd, tidy } from "./message-spans.ts"
import { letter } from "./message-terms.ts"

/** What a message wants its song called. */

const titleLimit = 60

const minorWords = new Set(
  "a an the of on in and or to at by for with from as into over under but nor".split(" "),
)

/** Title Case, keeping small words small ("Dust on the Dashboard"). */
export const titleCase = (text: string): string =>
  text
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word, index) => {
      const lower = word.toLowerCase()
      if (index > 0 && minorWords.has(lower)) return lower
      return lower.charAt(0).toUpperCase() + lower.slice(1)
    })
    .join(" ")

const titleTrigger =
  /(?<![\p{L}'])(?:(?:let's |lets |we could |maybe |please |i want to |i'd like to )?call (?:it|the song|this|this song|this one)|calling it|(?:let's |lets )?name (?:it|the song)|title (?:it|the song)|titled|entitled|(?:the |its |it's |song |song's )?title (?:is|should be|will be|could be|would be|can be)|(?:the |its |it's |song |song's )name (?:is|should be|will be|could be|would be|can be)|title\s*:|(?:song|track|tune|one|it|it's|its|is) (?:called|named))(?![\p{L}'])\s*:?\s*/iu
const quoted = /^"([^"]+)"|^'((?:[^']|'(?=\p{L}))+)'/u

export const findTitle = (
  text: string,
): { readonly title: string; readonly start: number; readonly end: number } | undefined => {
  const trigger = titleTrigger.exec(text)
  if (trigger === null) return undefined
  const from = trigger.index + trigger[0].length
  const rest = text.slice(from)
  const inQuotes = quoted.exec(rest)
  const raw = inQuotes ? (inQuotes[1] ?? inQuotes[2] ?? "") : rest.slice(0, titleEnd(rest))
  const consumed = inQuotes ? inQuotes[0].length : raw.length
  let title = tidy(raw, titleLimit)
  if (!letter.test(title) && !/\p{N}/u.test(title)) return undefined
  if (title === title.toLowerCase() || shouting(title)) title = titleCase(title)
  return { title, start: trigger.index, end: from + consumed }
}

/** A title without quotes runs to the end of its sentence, a comma, or the next request. */
const titleEnd = (text: string): number => {
  const comma = text.search(/,/)
  const end = tailEnd(text)
  return comma === -1 ? end : Math.min(comma, end)
}
