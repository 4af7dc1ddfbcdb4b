import type { Plan } from "./melody-plan.ts"
import {
  descriptorComparative,
  genreComparative,
  genreInSentence,
  moodComparative,
} from "./melody-vocabulary.ts"
import { joinWords, voiceLabel } from "./song-from-plan.ts"

const comparativeAsked =
  /(?<![\p{L}'])(?:more|jazzy|jazzier|folky|folkier|bluesy|bluesier|funky|funkier|rocky|rockier|poppy|poppier|soulful)(?![\p{L}'])/iu

/** How the new style differs, in words: "jazzier", "slower, sadder", "hip-hop"; and what joined or left. */
export const changeInWords = (
  before: Plan,
  after: Plan,
  message: string,
): { readonly adjective: string; readonly detail: string } => {
  const comparative = comparativeAsked.test(message)
  const isNew = <A>(items: ReadonlyArray<A>, old: ReadonlyArray<A>) =>
    items.filter((item) => !old.includes(item))
  const adjectives = [
    ...isNew(after.genres, before.genres).map((g) =>
      comparative ? (genreComparative[g] ?? genreInSentence[g]) : genreInSentence[g],
    ),
    ...isNew(after.descriptors, before.descriptors).map(
      (d) => descriptorComparative[d] ?? (comparative ? `more ${d}` : d),
    ),
    ...isNew(after.moods, before.moods).map((m) => moodComparative[m] ?? `more ${m}`),
  ]
  const added = [
    ...(after.voice !== undefined && after.voice !== before.voice ? [voiceLabel[after.voice]] : []),
    ...isNew(after.instruments, before.instruments),
  ]
  const left = isNew(before.instruments, after.instruments)
  const detail = [
    added.length > 0 ? `now with ${joinWords(added)}` : "",
    left.length > 0 ? `without the ${joinWords(left)}` : "",
  ]
    .filter((part) => part !== "")
    .join(", ")
  return {
    adjective: adjectives.slice(0, 3).join(", "),
    detail: adjectives.length === 0 && detail === "" ? "reworked" : detail,
  }
}
