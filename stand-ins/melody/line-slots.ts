import type { LineRequest, Material, Template, Usage } from "./lyric-lines.ts"
import type { Ending } from "./lyric-rhymes.ts"
import type { ThemeItem, ThemeKind } from "./lyric-theme.ts"

/** The ways a template's inline slots can be filled from the song's material, least used first. */

const fillerOptions = 3
export const slotPattern =
  /\{(theme|loved|object|idea|teacher|cause|root|someone|doing|pursuit|place|sound|sight|hue|title)\}/g

// The theme phrases each theme slot takes, by what the line does with them: anything can be
// remembered, only what is loved is missed, only what can be seen is seen, and hardships teach.
export const themeSlots: Readonly<Record<string, ReadonlyArray<ThemeKind>>> = {
  theme: ["person", "place", "idea", "thing", "trouble"],
  loved: ["person", "place", "idea", "thing"],
  object: ["person", "place", "thing"],
  idea: ["idea"],
  teacher: ["person", "place", "idea", "trouble"],
  cause: ["person", "place", "idea"],
  root: ["person", "place"],
  someone: ["person"],
}

export const accepts = (ending: Ending, template: Template, material: Material): boolean => {
  if (ending.slot !== template.end.slot) return false
  if (ending.genres !== undefined && !ending.genres.includes(material.genre)) return false
  if (ending.tones !== undefined && !ending.tones.some((tone) => material.tones.includes(tone))) {
    return false
  }
  const setting = ending.slot === "scene" || ending.slot === "hour" || ending.slot === "spot"
  if (setting && !material.scenes.has(ending.word)) return false
  const wanted =
    template.end.sign === "+" ? "up" : template.end.sign === "-" ? "down" : material.lean
  return wanted === "any" || ending.valence === "any" || ending.valence === wanted
}

const leastUsed = (items: ReadonlyArray<string>, usage: Usage): Array<string> =>
  [...items]
    .map((item, index) => ({ item, index, used: usage.fillers.get(item) ?? 0 }))
    .sort((a, b) => a.used - b.used || a.index - b.index)
    .slice(0, fillerOptions)
    .map((entry) => entry.item)

const names = (phrase: string, material: Material): boolean =>
  phrase.split(" ").some((word) => material.signature.includes(word))

// Until the song has shown a word that names its genre, its imagery must (while there is a choice).
const imagery = (
  phrases: ReadonlyArray<string>,
  request: LineRequest,
  material: Material,
  usage: Usage,
): ReadonlyArray<string> => {
  const shown = [...usage.fillers.keys()].some((filler) => names(filler, material))
  const naming = phrases.filter((phrase) => names(phrase, material))
  return shown || !request.strict || naming.length === 0 ? phrases : naming
}

interface Choice {
  readonly slot: string
  readonly value: string
  readonly theme: ThemeItem | undefined
}

export const optionsFor = (
  slot: string,
  template: Template,
  request: LineRequest,
  material: Material,
  usage: Usage,
): Array<Choice> => {
  const plain = (values: ReadonlyArray<string>) =>
    values.map((value) => ({ slot, value, theme: undefined }))
  switch (slot) {
    case "theme":
    case "loved":
    case "object":
    case "idea":
    case "teacher":
    case "cause":
    case "root":
    case "someone":
      return request.themes
        .filter((theme) => themeSlots[slot]?.includes(theme.kind))
        .map((theme) => ({ slot, value: theme.text, theme }))
    case "doing":
    case "pursuit": {
      const doing = material.doing
      const fits = doing !== undefined && (slot === "doing" || doing.kind !== "trouble")
      return fits ? [{ slot, value: doing.text, theme: doing }] : []
    }
    case "place":
      return plain(leastUsed(imagery(material.places, request, material, usage), usage))
    case "sound":
      return plain(leastUsed(imagery(material.sounds, request, material, usage), usage))
    case "sight":
      return plain(leastUsed(imagery(material.sights, request, material, usage), usage))
    case "hue":
      return plain(leastUsed(material.hues, usage))
    case "title":
      return plain(
        material.titles
          .filter((title) => !template.nameOnly || title.kind === "name")
          .map((title) => title.text),
      )
    default:
      return []
  }
}

/** Every way to fill the inline slots, first options first. */
export const fillings = (options: ReadonlyArray<ReadonlyArray<Choice>>): Array<Array<Choice>> =>
  options.reduce<Array<Array<Choice>>>(
    (ways, choices) => ways.flatMap((way) => choices.map((choice) => [...way, choice])),
    [[]],
  )

// Words a line may repeat; any other word twice in a line ("trying to try") reads as a slip.
export const smallWords = new Set([
  "i",
  "a",
  "the",
  "to",
  "my",
  "me",
  "you",
  "your",
  "it",
  "in",
  "on",
  "of",
  "and",
])

export const stem = (word: string): string => word.replace(/(ing|ed|es|s)$/, "")

export const wordsOf = (text: string): Array<string> =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word.length > 0)
