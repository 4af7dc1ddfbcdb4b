import { activity } from "./theme-activity.ts"
import { nounPhrases, rank } from "./theme-phrases.ts"
import { looksForeign, tokenize } from "./theme-words.ts"

/**
 * What a song is about, read from free text: short noun phrases a line can hold ("my grandmother",
 * "the small town", "patience") and, when the text has one, an activity ("leaving a small town").
 * Long texts give their most repeated phrases; nothing is ever pasted whole.
 */

export interface ThemeItem {
  /** Ready to sing, with the determiner the text implies ("my grandmother", "the garden", "patience"). */
  readonly text: string
  /** The text's own words in it, lowercased: what shows that the song is about the description. */
  readonly words: ReadonlyArray<string>
  readonly kind: ThemeKind
}

/** What a theme phrase names, which decides the lines it can stand in ("the garden taught me"). */
export type ThemeKind = "person" | "place" | "idea" | "thing" | "trouble"

export interface Theme {
  readonly items: ReadonlyArray<ThemeItem>
  /** An activity from the text as a gerund phrase, when it has one. */
  readonly doing: ThemeItem | undefined
}

/** The theme of a description: its key noun phrases, most important first, and its activity. */
export const readTheme = (description: string): Theme => {
  if (looksForeign(description)) return { items: [], doing: undefined }
  const tokens = tokenize(description)
  return { items: rank(nounPhrases(tokens)).slice(0, 8), doing: activity(tokens) }
}

/** Phrases for when a description gives too little: each fits every line a theme phrase can go in. */
export const genericThemes: ReadonlyArray<ThemeItem> = [
  { text: "the memory", words: [], kind: "idea" },
  { text: "this feeling", words: [], kind: "idea" },
  { text: "the moment", words: [], kind: "idea" },
  { text: "the way we were", words: [], kind: "idea" },
  { text: "the good times", words: [], kind: "idea" },
]
