import {
  accepts,
  fillings,
  optionsFor,
  slotPattern,
  smallWords,
  stem,
  themeSlots,
  wordsOf,
} from "./line-slots.ts"
import type { Genre, SyllableRange } from "./lyric-genres.ts"
import type { Tone } from "./lyric-moods.ts"
import type { Random } from "./lyric-random.ts"
import type { EndSlot, RhymeFamily, Valence } from "./lyric-rhymes.ts"
import { lineSyllables } from "./lyric-syllables.ts"
import type { ThemeItem } from "./lyric-theme.ts"
import type { TitlePhrase } from "./lyric-title.ts"

/**
 * Turning one template into one line: filling its slots from the song's material, ending it with a
 * word of the rhyme family the section asks for, and keeping it singable (syllables within the genre's
 * range, with a sung opener such as "Oh," when it falls short) and fresh (no line, rhyme word or
 * template used twice while there is another way).
 */

/** At most twenty lines of this length, with headers, stay within the 2,000 characters lyrics may have. */
export const maxLineChars = 84

export interface Template {
  readonly text: string
  readonly end: { readonly slot: EndSlot; readonly sign: "+" | "-" | "" }
  /** Only for titles that read as names ("take me back to {title}"). */
  readonly nameOnly: boolean
}

const endSlot = /\{(scene|hour|spot|when|ever|past|dear|adj|verb|vp)([+-]?)\}$/

export const parseTemplate = (text: string, nameOnly = false): Template | undefined => {
  const match = endSlot.exec(text)
  if (match === null) return undefined
  return {
    text,
    end: { slot: match[1] as EndSlot, sign: (match[2] ?? "") as "+" | "-" | "" },
    nameOnly,
  }
}

/** What a song's lines are made from; lists come shuffled, in the order the song prefers them. */
export interface Material {
  readonly genre: Genre
  readonly tones: ReadonlyArray<Tone>
  /** The settings ("in the ___") this song may use. */
  readonly scenes: ReadonlySet<string>
  readonly range: SyllableRange
  readonly openers: ReadonlyArray<string>
  /** The way an ending without a sign leans in this song, when its mood leans one way. */
  readonly lean: Valence
  /** Words that name the genre (see GenreProfile). */
  readonly signature: ReadonlyArray<string>
  readonly places: ReadonlyArray<string>
  readonly sounds: ReadonlyArray<string>
  readonly sights: ReadonlyArray<string>
  readonly hues: ReadonlyArray<string>
  readonly doing: ThemeItem | undefined
  readonly titles: ReadonlyArray<TitlePhrase>
}

/** What the song has used so far, so each new line prefers what it has not. */
export interface Usage {
  readonly lines: ReadonlySet<string>
  readonly words: ReadonlySet<string>
  readonly templates: ReadonlySet<string>
  readonly fillers: ReadonlyMap<string, number>
}

export interface Line {
  readonly text: string
  readonly word: string
  readonly template: string
  readonly fillers: ReadonlyArray<string>
  readonly theme: ThemeItem | undefined
}

export interface LineRequest {
  readonly templates: ReadonlyArray<Template>
  /** Theme phrases for {theme}, most wanted first. */
  readonly themes: ReadonlyArray<ThemeItem>
  /** Rhyme words this line must not end with (its partner's). */
  readonly avoidWords: ReadonlySet<string>
  /** Whether words and templates already in the song are off limits. */
  readonly strict: boolean
}

/** Lines start with a capital, except where the title starts them and the title does not. */
export const capitalise = (line: string, titles: ReadonlyArray<TitlePhrase>): string => {
  const keepsCase = titles.some((title) => title.asWritten && line.startsWith(title.text))
  return keepsCase ? line : line.charAt(0).toUpperCase() + line.slice(1)
}

/** The line at its sung length: as it is, or behind the shortest opener that lifts it into range. */
export const fitToRange = (
  line: string,
  range: SyllableRange,
  openers: ReadonlyArray<string>,
): string | undefined => {
  const syllables = lineSyllables(line)
  if (syllables > range.max) return undefined
  if (syllables >= range.min) return line
  for (const opener of openers) {
    const count = lineSyllables(opener + line)
    if (count >= range.min && count <= range.max) return opener + line
  }
  return undefined
}

/** The first line this template can make that ends in the family and fits the song, if any. */
const fromTemplate = (
  template: Template,
  family: RhymeFamily,
  request: LineRequest,
  material: Material,
  usage: Usage,
  random: Random,
): Line | undefined => {
  const endings = random.shuffle(
    family.endings.filter(
      (ending) =>
        accepts(ending, template, material) &&
        !request.avoidWords.has(ending.word) &&
        !(request.strict && usage.words.has(ending.word)),
    ),
  )
  if (endings.length === 0) return undefined
  const body = template.text.replace(endSlot, "")
  const slots = [...body.matchAll(slotPattern)].map((match) => match[1] as string)
  const options = slots.map((slot) => optionsFor(slot, template, request, material, usage))
  if (options.some((choices) => choices.length === 0)) return undefined
  for (const way of fillings(options)) {
    let index = 0
    // "I Will Survive!, that's the song" sings as "I Will Survive! That's the song" would: one mark.
    const filled = body
      .replace(slotPattern, () => way[index++]?.value ?? "")
      .replace(/([!?.]),/g, "$1")
    const bodyStems = new Set(wordsOf(filled).map(stem))
    for (const ending of endings) {
      if (wordsOf(ending.text).some((word) => !smallWords.has(word) && bodyStems.has(stem(word)))) {
        continue
      }
      const sung = fitToRange(`${filled}${ending.text}`, material.range, material.openers)
      if (sung === undefined || sung.length > maxLineChars) continue
      const text = capitalise(sung, material.titles)
      if (usage.lines.has(text.toLowerCase())) continue
      return {
        text,
        word: ending.word,
        template: template.text,
        fillers: way.filter((choice) => choice.theme === undefined).map((choice) => choice.value),
        theme: way.find((choice) => choice.theme !== undefined)?.theme,
      }
    }
  }
  return undefined
}

/**
 * A line for the request ending in the family. The theme phrase (or title) most wanted is tried in
 * every template before the next one is, so a template never wins by taking a lesser phrase.
 */
export const writeLine = (
  request: LineRequest,
  family: RhymeFamily,
  material: Material,
  usage: Usage,
  random: Random,
): Line | undefined => {
  const templates = request.templates.filter(
    (template) => !(request.strict && usage.templates.has(template.text)),
  )
  const uses = (slot: string) => templates.some((template) => template.text.includes(slot))
  const themed = Object.keys(themeSlots).some((slot) => uses(`{${slot}}`))
  const themeTurns =
    themed && request.themes.length > 0 ? request.themes.map((theme) => [theme]) : [request.themes]
  const titleTurns =
    uses("{title}") && material.titles.length > 1
      ? material.titles.map((title) => [title])
      : [material.titles]
  for (const themes of themeTurns) {
    for (const titles of titleTurns) {
      for (const template of templates) {
        const line = fromTemplate(
          template,
          family,
          { ...request, themes },
          { ...material, titles },
          usage,
          random,
        )
        if (line !== undefined) return line
      }
    }
  }
  return undefined
}
