import { type MessageSlots, readMessage } from "./extraction.ts"
import {
  aCappella,
  anyStyleInstruments,
  descriptors,
  type Genre,
  genreInstruments,
  type Voice,
} from "./melody-vocabulary.ts"

/**
 * The song being planned, folded from everything the person said. Later words win for style, voice and
 * title; instruments gather across messages unless the person replaces them; the song's subject is the
 * first one given until they name another with "about ..." or "for ...".
 */
export interface Plan {
  readonly theme: string | undefined
  readonly moods: ReadonlyArray<string>
  readonly genres: ReadonlyArray<Genre>
  readonly descriptors: ReadonlyArray<string>
  readonly voice: Voice | undefined
  readonly instruments: ReadonlyArray<string>
  readonly title: string | undefined
}

export const emptyPlan: Plan = {
  theme: undefined,
  moods: [],
  genres: [],
  descriptors: [],
  voice: undefined,
  instruments: [],
  title: undefined,
}

const maxInstruments = 6

const groupOf = (name: string) => descriptors.find((d) => d.name === name)?.group ?? name

const gatherInstruments = (plan: Plan, slots: MessageSlots): ReadonlyArray<string> => {
  if (slots.instruments.includes(aCappella)) return [aCappella]
  const kept =
    slots.instruments.length === 0
      ? plan.instruments
      : slots.replacesInstruments
        ? []
        : plan.instruments.filter((i) => i !== aCappella)
  return [...new Set([...kept, ...slots.instruments])]
    .filter((i) => !slots.droppedInstruments.includes(i))
    .slice(-maxInstruments)
}

export const applySlots = (plan: Plan, slots: MessageSlots): Plan => {
  let styleWords = plan.descriptors.filter((d) => !slots.droppedDescriptors.includes(d))
  for (const added of slots.descriptors)
    styleWords = [...styleWords.filter((d) => groupOf(d) !== groupOf(added)), added]
  return {
    theme: slots.theme ?? plan.theme,
    moods:
      slots.moods.length > 0
        ? slots.moods
        : plan.moods.filter((m) => !slots.droppedMoods.includes(m)),
    genres: slots.genres.length > 0 ? slots.genres : plan.genres,
    descriptors: styleWords,
    voice: slots.voice ?? plan.voice,
    instruments: gatherInstruments(plan, slots),
    title: slots.title ?? plan.title,
  }
}

/** Whether the song has something to be about: a subject, or at least a feeling. */
export const hasSubject = (plan: Plan): boolean => plan.theme !== undefined || plan.moods.length > 0

/** One more message read into the plan; a plain message names the subject only while there is none. */
export const readInto = (plan: Plan, message: string): Plan =>
  applySlots(plan, readMessage(message, { plainTheme: !hasSubject(plan) }))

export const planFromMessages = (messages: ReadonlyArray<string>): Plan =>
  messages.reduce(readInto, emptyPlan)

/**
 * A finished song's style text read back into a plan, so "make it jazzier" can swap the genre and keep the
 * rest. Parts Melody does not recognise ("whispery vocals") are kept as they were.
 */
export const planFromStyle = (
  style: string,
): { readonly plan: Plan; readonly extras: ReadonlyArray<string> } => {
  const read = (text: string) => readMessage(text, { plainTheme: false })
  const plan = { ...applySlots(emptyPlan, read(style)), theme: undefined, title: undefined }
  const extras = style
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !hasStyle(applySlots(emptyPlan, read(part))))
  return { plan, extras }
}

const hasStyle = (plan: Plan) =>
  plan.genres.length > 0 ||
  plan.moods.length > 0 ||
  plan.descriptors.length > 0 ||
  plan.voice !== undefined ||
  plan.instruments.length > 0

export type Step = "theme" | "style" | "sound" | "review"

/** The four steps: a subject or feeling, a style, the voice and instruments, then the review. */
export const nextStep = (plan: Plan): Step => {
  if (!hasSubject(plan)) return "theme"
  if (plan.genres.length === 0 && plan.descriptors.length === 0) return "style"
  if (plan.voice === undefined || plan.instruments.length === 0) return "sound"
  return "review"
}

export const suggestedInstruments = (plan: Plan): readonly [string, string, string] => {
  const genre = plan.genres[0]
  return genre === undefined ? anyStyleInstruments : genreInstruments[genre]
}

/** What Melody picks when asked to choose: pop, a female voice, and instruments that suit the genre. */
export const withDefaults = (plan: Plan): Plan => {
  const genres: ReadonlyArray<Genre> =
    plan.genres.length === 0 && plan.descriptors.length === 0 ? ["Pop"] : plan.genres
  const chosen = { ...plan, genres }
  return {
    ...chosen,
    voice: plan.voice ?? "female",
    instruments:
      plan.instruments.length > 0 ? plan.instruments : suggestedInstruments(chosen).slice(0, 2),
  }
}

export interface Changes {
  readonly theme: boolean
  readonly moods: boolean
  readonly genres: boolean
  readonly descriptors: boolean
  readonly voice: boolean
  readonly instruments: boolean
  readonly title: boolean
}

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((item, i) => item === b[i])

export const changes = (before: Plan, after: Plan): Changes => ({
  theme: before.theme !== after.theme,
  moods: !sameList(before.moods, after.moods),
  genres: !sameList(before.genres, after.genres),
  descriptors: !sameList(before.descriptors, after.descriptors),
  voice: before.voice !== after.voice,
  instruments: !sameList(before.instruments, after.instruments),
  title: before.title !== after.title,
})

export const anyChange = (c: Changes): boolean => Object.values(c).some(Boolean)

export const styleChanged = (c: Changes): boolean =>
  c.moods || c.genres || c.descriptors || c.voice || c.instruments
