import { Effect, Layer } from "effect"
import { foldText, holdsPhrase, Moderation } from "#toolkit/content-checks/index.ts"
import lists from "./flagged-words.json" with { type: "json" }

/** Letters written as digits or signs ("k1ll y0urs3lf"), read as the letters they stand for. */
const lookalikes: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
}

const unmasked = (text: string) => text.replace(/[013457@$]/g, (sign) => lookalikes[sign] ?? sign)

const phrases = Object.entries(lists as Readonly<Record<string, ReadonlyArray<string>>>).flatMap(
  ([category, entries]) => entries.map((entry) => ({ category, folded: foldText(entry) })),
)

/** The categories a text's words fall in, by the list's whole words and phrases. */
export const flaggedCategories = (text: string) => {
  const folded = [foldText(text), foldText(unmasked(text))]
  return [
    ...new Set(
      phrases
        .filter((phrase) => folded.some((form) => holdsPhrase(form, phrase.folded)))
        .map((phrase) => phrase.category),
    ),
  ]
}

/**
 * The offline moderation: a small list of words and phrases no one publishes here, by OpenAI's category
 * names, matched as whole words however they are cased, accented, spaced or masked. Songs about violence
 * or heartbreak pass: the list holds slurs, threats and worse, not the words songs are made of.
 */
export const WordListModerationLive = Layer.succeed(
  Moderation,
  Moderation.of({
    name: "offline word list",
    classify: (texts) =>
      Effect.sync(() =>
        texts.map((text) => {
          const categories = flaggedCategories(text)
          return { flagged: categories.length > 0, categories }
        }),
      ),
  }),
)
