import {
  affirmationPattern,
  asksAboutMelody,
  isHelpRequest,
  isQuestion,
  normalise,
  thanksPattern,
  wantsDefaults,
  wantsNewSong,
} from "./melody-intents.ts"
import {
  descriptors,
  fillerWords,
  type Genre,
  genres,
  instruments,
  moods,
  type Term,
  type Voice,
  voices,
} from "./melody-vocabulary.ts"

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
const themeLimit = 300
const titleLimit = 60

const letter = /\p{L}/u
const words = (text: string): Array<string> => text.toLowerCase().match(/[\p{L}\p{N}'&-]+/gu) ?? []

const between = (pattern: string) => `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`
const compile = (terms: ReadonlyArray<Term>): ReadonlyArray<{ name: string; regex: RegExp }> =>
  terms.map((term) => ({ name: term.name, regex: new RegExp(between(term.pattern), "giu") }))

const genreMatchers = compile(genres)
const moodMatchers = compile(moods)
const descriptorMatchers = compile(descriptors)
const voiceMatchers = compile(voices)
const instrumentMatchers = compile(instruments)

const blank = (text: string, start: number, end: number): string =>
  text.slice(0, start) + " ".repeat(end - start) + text.slice(end)

const negators =
  "not|no|without|less|minus|drop|remove|lose|skip|ditch|never|instead of|rather than|hate|don't want|do not want|no more|get rid of|take out"
const negatorBefore = (extra: string) =>
  new RegExp(
    `(?:^|[^\\p{L}'])(?:${negators}${extra})\\s+(?:(?:the|a|an|any|so|too|very|more|that|those|of)\\s+)?$`,
    "iu",
  )
const negated = negatorBefore("")
// "switch from country to rock": the genre after "from" is the one being left.
const negatedGenre = negatorBefore("|from")

interface Found {
  readonly name: string
  readonly start: number
  readonly negated: boolean
}

/** Every match of the terms, earlier terms first, each blanked so a shorter term cannot match it again. */
const findTerms = (
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
const kept = (found: ReadonlyArray<Found>) =>
  unique(found.filter((f) => !f.negated).map((f) => f.name))
const dropped = (found: ReadonlyArray<Found>) =>
  unique(found.filter((f) => f.negated).map((f) => f.name))

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

// Themes and titles

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

const findTitle = (
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

const findExplicitTheme = (text: string): Span | undefined => {
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
const findPlainTheme = (text: string): Span | undefined => {
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

// The whole message

const replacing =
  /(?<![\p{L}'])(?:only|just|instead|rather|replace|swap|switch|change|actually)(?![\p{L}'])/iu
const adding = /(?<![\p{L}'])(?:add|also|too|plus|as well|more|extra)(?![\p{L}'])/iu

const chooseVoice = (found: ReadonlyArray<Found>): Voice | undefined => {
  const said = kept(found) as Array<Voice>
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

// Speaking back

const flips: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
}

/** The person's words as Melody says them back: "my dog" is "your dog", "I was" is "you were". */
export const flipPronouns = (text: string): string => {
  let previous = ""
  return normalise(text)
    .replace(/(?<![\p{L}'])(?:you and me|me and you|you and i)(?![\p{L}'])/giu, "the two of you")
    .replace(/[\p{L}']+/gu, (word) => {
      const lower = word.toLowerCase()
      const after = previous
      previous = lower
      if (after === "i" && lower === "am") return "are"
      if (after === "i" && lower === "was") return "were"
      const flipped = flips[lower]
      if (flipped === undefined) return word
      const capital = !/^I(?:'|$)/.test(word) && word.charAt(0) !== lower.charAt(0)
      return capital ? flipped.charAt(0).toUpperCase() + flipped.slice(1) : flipped
    })
}
