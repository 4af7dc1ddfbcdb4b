import {
  affirmationPattern,
  asksAboutMelody,
  isHelpRequest,
  isQuestion,
  thanksPattern,
  wantsDefaults,
  wantsNewSong,
} from "./melody-intents.ts"
import { descriptors, fillerWords, genres, instruments, moods } from "./melody-vocabulary.ts"
import {
  between,
  descriptorMatchers,
  genreMatchers,
  instrumentMatchers,
  letter,
  moodMatchers,
  voiceMatchers,
  words,
} from "./message-terms.ts"

/** What a message says its song is about, and what it wants the song called. */

const themeLimit = 300
const titleLimit = 60

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
const tailEnd = (text: string): number => {
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

const shouting = (text: string) => letter.test(text) && text === text.toUpperCase()

const tidy = (text: string, limit: number): string => {
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

const themeTriggers: ReadonlyArray<RegExp> = [
  /(?<!(?:how|what|tell me|more|sure|unsure|anything|nothing)\s)(?<![\p{L}'])about\s+/iu,
  /(?<![\p{L}'])(?:theme|topic|subject|story)\s*(?:is|:|would be|should be|will be|could be)\s+/iu,
  /(?<![\p{L}'])(?:inspired by|dedicated to|celebrating|in memory of|in honou?r of|a tribute to|tribute to)\s+/iu,
  /(?<=(?<![\p{L}'])(?:song|songs|tune|track|something|ballad|lyrics|piece|anthem|serenade|lullaby|one|it)\s+)for\s+(?=(?:my|our|his|her|their|the|a|an|your|me|us|all|every)(?![\p{L}']))/iu,
  /^\s*(?:(?:hi|hello|hey)[\s,!.]*)?for\s+(?=(?:my|our|his|her|their|the|a|an|your)(?![\p{L}']))/iu,
]

// A lone letter ("s" of "woman's" once "woman" is read) names nothing.
const hasSubject = (text: string) =>
  words(text).some((w) => w.replace(/^'+|'+$/g, "").length > 1 && !fillerWords.has(w))

const finishTheme = (raw: string): string | undefined => {
  const theme = tidy(raw, themeLimit)
  if (!hasSubject(theme)) return undefined
  return shouting(theme) ? theme.toLowerCase() : theme
}

interface Span {
  readonly text: string
  readonly start: number
  readonly end: number
}

export const findExplicitTheme = (text: string): Span | undefined => {
  for (const trigger of themeTriggers) {
    const match = trigger.exec(text)
    if (match === null) continue
    const from = match.index + match[0].length
    const end = from + tailEnd(text.slice(from))
    const theme = finishTheme(text.slice(from, end))
    if (theme !== undefined) return { text: theme, start: match.index, end }
  }
  return undefined
}

const plainOpenings: ReadonlyArray<RegExp> = [
  /^\s*(?:hi|hello|hey|heya|hiya|howdy|yo)(?![\p{L}'])(?:\s+there)?(?:\s+melody)?[\s,!.]*/iu,
  /^(?:ok|okay|so|well|um+|hmm+|maybe|actually|please)(?![\p{L}'])[\s,!.]*/iu,
  /^(?:i(?:'d| would)?\s+(?:like|love|want|wanna|need)(?:\s+to)?(?:\s+(?:write|make|create|do|have|get|hear))?|(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:write|make|create|do)|(?:please\s+)?(?:write|make|create)|let's\s+(?:write|make|do|create))(?:\s+(?:me|us))?(?![\p{L}'])\s*/iu,
  /^(?:(?:a|an|the|some|my)\s+)?(?:(?:new|little|short|nice)\s+)?(?:song|track|tune|piece|ballad|anthem)s?(?![\p{L}'])\s*(?:(?:that's|that is|which is)\s+)?/iu,
]

const slotMatchers = [
  ...genreMatchers,
  ...voiceMatchers,
  ...instrumentMatchers,
  ...descriptorMatchers,
  ...moodMatchers,
]

/** Whether a text names something beyond style words, agreement and small talk. */
const namesSubject = (text: string): boolean => {
  let rest = text
  for (const { regex } of slotMatchers) rest = rest.replace(regex, " ")
  rest = rest.replace(affirmationPattern, " ").replace(thanksPattern, " ")
  return hasSubject(rest)
}

/** A message that only states its subject ("summer love by the sea"), after greetings and "I want a song". */
export const findPlainTheme = (text: string): Span | undefined => {
  if (
    [isQuestion, isHelpRequest, asksAboutMelody, wantsDefaults, wantsNewSong].some((is) => is(text))
  )
    return undefined
  let start = 0
  for (const opening of plainOpenings) {
    const match = opening.exec(text.slice(start))
    if (match !== null) start += match[0].length
  }
  const end = start + tailEnd(text.slice(start))
  const candidate = text.slice(start, end)
  if (!namesSubject(candidate)) return undefined
  const theme = finishTheme(candidate)
  return theme === undefined ? undefined : { text: theme, start, end }
}
