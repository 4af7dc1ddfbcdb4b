import { descriptors, genres, instruments, moods } from "./melody-vocabulary.ts"
import { between, letter } from "./message-terms.ts"

/** Where a theme or a title a message names ends, and how its words are tidied. */

/**
 * Words that open a request for song facts: a theme or title ends where one follows a comma or a joining
 * word ("summer love with piano"), but not where the words merely appear ("a boy and his guitar").
 */
const cuePatterns = (withMoods: boolean) =>
  new RegExp(
    `^\\s*(?:(?:a|an|the|some|more|very|really|lots of)\\s+)?${between(
      [
        ...genres,
        ...instruments,
        ...descriptors,
        ...(withMoods ? moods : []),
        {
          name: "cue",
          pattern:
            "vocals?|voice|singer|male|female|duet|choir|style|genre|tempo|beat|vibe|title|titled|called|feel|feeling|mood",
        },
      ]
        .map((term) => term.pattern)
        .join("|"),
    )}`,
    "iu",
  )
const cue = cuePatterns(true)
const cueWithoutMoods = cuePatterns(false)

const sentenceEnd = /[.!?;\n]/
const alwaysCut =
  /\s+(?:but|please|featuring|using|sung by|played on|performed by|instead)(?![\p{L}'])|\s+and\s+(?:make|use|add|have|give|let|set|keep|write|sing|with|maybe|also|call|title|name|i want|i'd like)(?![\p{L}'])|\s*,\s*(?:make|use|add|have|give|let|set|keep|write|sing|with|maybe|also|call|title|name|i want|i'd like|preferably|ideally|something|sung|played|in|as|and|but|please|for|it|i|i'm)(?![\p{L}'])/iu
const cueCut = /\s*,\s*|\s+-\s+|\s+(?:with|in|as|on|and)\s+/giu

/** Where a theme or title that starts at the beginning of `text` ends. */
export const tailEnd = (text: string): number => {
  const sentence = text.search(sentenceEnd)
  let end = sentence === -1 ? text.length : sentence
  const always = text.slice(0, end).search(alwaysCut)
  if (always !== -1) end = always
  for (const match of text.slice(0, end).matchAll(cueCut)) {
    const rest = text.slice(match.index + match[0].length, end)
    const signal = match[0].trim() === "and" ? cueWithoutMoods : cue
    if (signal.test(rest) || rest.trim() === "") return match.index
  }
  return end
}

export const shouting = (text: string) => letter.test(text) && text === text.toUpperCase()

export const tidy = (text: string, limit: number): string => {
  let result = text
    .replace(/\s+/g, " ")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(/[^\p{L}\p{N}]+$/u, "")
    .replace(/\s+(?:please|pls|thanks|thank you|instead)$/i, "")
    .trim()
  if (result.length > limit) {
    const cut = result.slice(0, limit + 1)
    const space = cut.lastIndexOf(" ")
    result = (space > limit / 2 ? cut.slice(0, space) : cut.slice(0, limit)).replace(
      /[\s,;:-]+$/,
      "",
    )
  }
  return result
}
