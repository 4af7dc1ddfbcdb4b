import {
  affirmationPattern,
  asksAboutMelody,
  isHelpRequest,
  isQuestion,
  thanksPattern,
  wantsDefaults,
  wantsNewSong,
} from "./melody-intents.ts"
import { fillerWords } from "./melody-vocabulary.ts"
import { shouting, tailEnd, tidy } from "./message-spans.ts"
import {
  descriptorMatchers,
  genreMatchers,
  instrumentMatchers,
  moodMatchers,
  voiceMatchers,
  words,
} from "./message-terms.ts"

/** What a message says its song is about. */

const themeLimit = 300

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
