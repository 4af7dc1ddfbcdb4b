import {
  capitalise,
  fitToRange,
  type Line,
  type LineRequest,
  type Usage,
  writeLine,
} from "./lyric-lines.ts"
import { familyOf, lastWord, rhymeFamilies } from "./lyric-rhymes.ts"
import type { Progress, Song } from "./lyric-song.ts"
import type { Role } from "./lyric-templates.ts"
import type { ThemeItem } from "./lyric-theme.ts"

/**
 * Writing two lines that rhyme: a family the section has not used, the harder line first, the
 * description's unsung phrases and the whole title tried in every family before anything lesser,
 * stand-in roles when two roles cannot share a rhyme, and ready-made couplets as the last resort.
 */

export type Couplet = { readonly lines: [Line, Line]; readonly family: number }

const themedRoles: ReadonlySet<Role> = new Set(["memory", "now"])

// Lines that carry the song's subject are written first in a couplet: they have the fewest options.
const difficulty: Readonly<Record<Role, number>> = {
  hook: 0,
  doing: 1,
  memory: 2,
  now: 2,
  scene: 3,
  return: 3,
  turn: 4,
  vow: 5,
  feeling: 5,
}

const preferredRhymeBoost = 0.35
const reusedFamilyPenalty = 0.5

/** Couplets that fit every genre's range (eight syllables), for when nothing else can be found. */
export const spareCouplets: ReadonlyArray<readonly [string, string]> = [
  ["And I will hold you close tonight", "Until the morning brings the light"],
  ["We keep on singing through the rain", "And we will find our way again"],
  ["The seasons come and seasons go", "And still I feel the morning glow"],
  ["I carry every word you say", "And hold it close along the way"],
  ["There is a fire burning in my heart", "That nothing ever tore apart"],
  ["I hear the echo of your song", "It carries me where I belong"],
  ["We sang together in the sun", "Until the long, long day was done"],
]

export const spareHooks: ReadonlyArray<readonly [string, string]> = [
  ["{title}, all through the night", "And I will hold you close tonight"],
  ["{title}, out in the rain", "I know I'll see your face again"],
  ["{title}, every time", "And every step I take, I climb"],
]

const usageOf = (progress: Progress, pending: ReadonlyArray<Line>): Usage => ({
  lines: new Set([...progress.lines, ...pending.map((line) => line.text.toLowerCase())]),
  words: new Set([...progress.words, ...pending.map((line) => line.word)]),
  templates: new Set([...progress.templates, ...pending.map((line) => line.template)]),
  fillers: pending
    .flatMap((line) => line.fillers)
    .reduce(
      (counts, filler) => counts.set(filler, (counts.get(filler) ?? 0) + 1),
      new Map(progress.fillers),
    ),
})

/** Theme phrases the song has sung least first, the description's before the rest. */
const themeOrder = (
  song: Song,
  progress: Progress,
  pending: ReadonlyArray<Line>,
): Array<ThemeItem> => {
  const uses = (item: ThemeItem) =>
    (progress.themes.get(item.text) ?? 0) +
    pending.filter((line) => line.theme?.text === item.text).length
  // A phrase from the description sung once already gives way to a fresh one from elsewhere.
  return [...song.described, ...song.spare]
    .map((item, index) => ({
      item,
      index,
      key: uses(item) * 2 + (index < song.described.length ? 0 : 1),
    }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((entry) => entry.item)
}

const familyOrder = (song: Song, progress: Progress, taken: ReadonlySet<number>): Array<number> =>
  rhymeFamilies
    .map((family, index) => {
      const preferred = family.endings.some((ending) => song.profile.rhymes.includes(ending.word))
      const reused = progress.families.get(index) ?? 0
      const key =
        song.random.next() - (preferred ? preferredRhymeBoost : 0) + reused * reusedFamilyPenalty
      return { index, key }
    })
    .filter((entry) => !taken.has(entry.index))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.index)

const request = (
  song: Song,
  progress: Progress,
  role: Role,
  pending: ReadonlyArray<Line>,
  strict: boolean,
): LineRequest => ({
  templates: song.pools.get(role) ?? [],
  themes: themeOrder(song, progress, pending),
  avoidWords: new Set(pending.map((line) => line.word)),
  strict,
})

const spareLine = (text: string, song: Song): Line => {
  const title = song.material.titles[0]?.text ?? ""
  const filled = capitalise(text.replace("{title}", title), song.material.titles)
  const sung = fitToRange(filled, song.material.range, song.profile.openers) ?? filled
  return { text: sung, word: lastWord(sung), template: text, fillers: [], theme: undefined }
}

/** A ready-made couplet in a family the section has not used, when no template would do. */
const spareCouplet = (
  song: Song,
  progress: Progress,
  taken: ReadonlySet<number>,
  withTitle: boolean,
): Couplet => {
  const couplets = withTitle ? [...spareHooks, ...spareCouplets] : spareCouplets
  const written = couplets.flatMap(([first, second]) => {
    const family = familyOf(lastWord(second))
    const lines: [Line, Line] = [spareLine(first, song), spareLine(second, song)]
    return family === undefined ? [] : [{ lines, family }]
  })
  const fresh = written.find(
    (couplet) =>
      !taken.has(couplet.family) &&
      couplet.lines.every((line) => !progress.lines.has(line.text.toLowerCase())),
  )
  return fresh ?? (written[0] as Couplet)
}

/** Two lines that rhyme, in the roles given, from a family the section has not used yet. */
const couplet = (
  song: Song,
  progress: Progress,
  roles: readonly [Role, Role],
  taken: ReadonlySet<number>,
): Couplet | undefined => {
  const swap = difficulty[roles[1]] < difficulty[roles[0]]
  const [first, second] = swap ? [roles[1], roles[0]] : roles
  const titles = song.material.titles
  // The whole title is worth any rhyme family; its key phrase is the last resort. Likewise a phrase
  // of the description the song has not sung yet is worth trying in every family before any other.
  const titleChoices =
    roles.includes("hook") && titles.length > 1 ? [titles.slice(0, 1), titles] : [titles]
  const unsung = themedRoles.has(first)
    ? song.described.filter((item) => (progress.themes.get(item.text) ?? 0) === 0)
    : []
  const themeChoices = [...unsung.map((item) => [item]), undefined]
  for (const choice of titleChoices) {
    const material = { ...song.material, titles: choice }
    for (const themes of themeChoices) {
      for (const strict of themes === undefined ? [true, false] : [true]) {
        for (const index of familyOrder(song, progress, taken)) {
          const family = rhymeFamilies[index]
          if (family === undefined) continue
          const wanted = request(song, progress, first, [], strict)
          const firstRequest = themes === undefined ? wanted : { ...wanted, themes }
          const a = writeLine(firstRequest, family, material, usageOf(progress, []), song.random)
          if (a === undefined) continue
          const secondRequest = request(song, progress, second, [a], strict)
          const b = writeLine(secondRequest, family, material, usageOf(progress, [a]), song.random)
          if (b === undefined) continue
          return { lines: swap ? [b, a] : [a, b], family: index }
        }
      }
    }
  }
  return undefined
}

// When two roles cannot rhyme (a long activity fits few endings), the harder one gives way to a
// neighbour that tells the story almost as well.
const standIns: Readonly<Record<Role, ReadonlyArray<Role>>> = {
  doing: ["memory", "feeling"],
  memory: ["now", "feeling"],
  now: ["memory", "feeling"],
  scene: ["return", "feeling"],
  return: ["scene", "feeling"],
  turn: ["feeling", "vow"],
  vow: ["feeling", "turn"],
  feeling: ["vow", "turn"],
  hook: [],
}

const rolesToTry = (roles: readonly [Role, Role]): Array<readonly [Role, Role]> => {
  const [a, b] = roles
  return [
    roles,
    ...standIns[a].map((role) => [role, b] as const),
    ...standIns[b].map((role) => [a, role] as const),
  ]
}

/** A couplet for the roles, or for stand-ins, or a ready-made one: the section always gets two lines. */
export const writeCouplet = (
  song: Song,
  progress: Progress,
  roles: readonly [Role, Role],
  taken: ReadonlySet<number>,
): Couplet =>
  rolesToTry(roles).reduce<Couplet | undefined>(
    (found, tried) => found ?? couplet(song, progress, tried, taken),
    undefined,
  ) ?? spareCouplet(song, progress, taken, roles.includes("hook"))
