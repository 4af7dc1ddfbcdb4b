import type { LyricsRequest } from "#modules/songwriting/ports.ts"
import {
  findGenre,
  type Genre,
  type GenreProfile,
  genreProfiles,
  lineRange,
} from "./lyric-genres.ts"
import { type Line, type Material, parseTemplate, type Template } from "./lyric-lines.ts"
import { huesOf, type Mood, moodOf, type Tone, tonesOf } from "./lyric-moods.ts"
import { hashText, type Random, seededRandom } from "./lyric-random.ts"
import { commonScenes, type Valence } from "./lyric-rhymes.ts"
import { genreTemplates, nameHooks, Role, templates } from "./lyric-templates.ts"
import { genericThemes, readTheme, type ThemeItem } from "./lyric-theme.ts"
import { type TitlePhrase, titlePhrases } from "./lyric-title.ts"

/**
 * Reading a request into what its song is written from: genre and mood, the genre's imagery in the
 * order this song prefers it, the theme phrases, the title as the chorus sings it, and each role's
 * templates, shuffled by the request's own seed.
 */

// Tone lines and genre lines come before shared ones more often than chance alone would put them.
const toneBoost = 0.25
const genreBoost = 0.4

const leanOf = (tones: ReadonlyArray<Tone>): Valence => {
  if (tones.includes("bright") && !tones.includes("blue")) return "up"
  if (tones.includes("blue") && !tones.includes("bright")) return "down"
  return "any"
}

/** Everything a song is written from, read once from the request. */
export interface Song {
  readonly material: Material
  readonly profile: GenreProfile
  readonly random: Random
  readonly pools: ReadonlyMap<Role, ReadonlyArray<Template>>
  /** Theme phrases from the description, most important first. */
  readonly described: ReadonlyArray<ThemeItem>
  /** Theme phrases for when the description's run out: the title's, then generic ones. */
  readonly spare: ReadonlyArray<ThemeItem>
}

/** What the song has used so far; lines prefer what it has not. */
export interface Progress {
  readonly lines: Set<string>
  readonly words: Set<string>
  readonly templates: Set<string>
  readonly fillers: Map<string, number>
  readonly families: Map<number, number>
  readonly themes: Map<string, number>
}

const poolFor = (
  role: Role,
  tones: ReadonlyArray<Tone>,
  genre: Genre,
  titles: ReadonlyArray<TitlePhrase>,
  random: Random,
): Array<Template> => {
  const set = templates[role]
  const weighted = [
    ...(set.any ?? []).map((text) => ({ text, boost: 0, nameOnly: false })),
    ...tones
      .flatMap((tone) => set[tone] ?? [])
      .map((text) => ({ text, boost: toneBoost, nameOnly: false })),
    ...(genreTemplates[genre]?.[role] ?? []).map((text) => ({
      text,
      boost: genreBoost,
      nameOnly: false,
    })),
    ...(role === "hook" && titles.some((title) => title.kind === "name") ? nameHooks : []).map(
      (text) => ({ text, boost: 0, nameOnly: true }),
    ),
  ]
  const seen = new Set<string>()
  return weighted
    .filter((entry) => !seen.has(entry.text) && seen.add(entry.text))
    .map((entry) => ({ entry, key: random.next() - entry.boost }))
    .sort((a, b) => a.key - b.key)
    .flatMap(({ entry }) => parseTemplate(entry.text, entry.nameOnly) ?? [])
}

const distinct = (items: ReadonlyArray<ThemeItem>): Array<ThemeItem> => {
  const seen = new Set<string>()
  return items.filter(
    (item) => !seen.has(item.text.toLowerCase()) && seen.add(item.text.toLowerCase()),
  )
}

/** The genre and mood a request asks for: the style first, then the description, then the genre's own. */
export const readStyle = (request: LyricsRequest): { genre: Genre; mood: Mood } => {
  const genre = findGenre(request.style) ?? "pop"
  const mood = moodOf(request.style) ?? moodOf(request.description) ?? genreProfiles[genre].mood
  return { genre, mood }
}

/** The song a request asks for: its genre, mood, imagery, theme, title and line templates. */
export const planSong = (request: LyricsRequest): Song => {
  const { genre, mood } = readStyle(request)
  const profile = genreProfiles[genre]
  const tones = tonesOf(mood)
  const random = seededRandom(
    hashText(
      [request.title, request.description, request.style, String(request.seed)].join("\u0000"),
    ),
  )
  const theme = readTheme(request.description)
  const fromTitle = readTheme(request.title).items
  const described = distinct(theme.items)
  // A title phrase that repeats the description ("the small town goodbye") adds nothing new.
  const describedWords = new Set(described.flatMap((item) => item.words))
  const fresh = fromTitle.filter((item) => !item.words.some((word) => describedWords.has(word)))
  const spare = distinct([...fresh, ...random.shuffle(genericThemes)])
  const sung = titlePhrases(request.title)
  const titles: ReadonlyArray<TitlePhrase> =
    sung.length > 0
      ? sung
      : [
          {
            text: (described[0] ?? spare[0])?.text ?? "this feeling",
            kind: "name",
            asWritten: false,
          },
        ]
  const pools = new Map(
    Role.literals.map((role) => [role, poolFor(role, tones, genre, titles, random)]),
  )
  const material: Material = {
    genre,
    tones,
    scenes: new Set([...commonScenes, ...profile.scenes]),
    range: lineRange(genre, request.style),
    openers: profile.openers,
    lean: leanOf(tones),
    signature: profile.signature,
    places: random.shuffle(profile.places),
    sounds: random.shuffle(profile.sounds),
    sights: random.shuffle(profile.sights),
    hues: random.shuffle(huesOf(mood)),
    doing: theme.doing,
    titles,
  }
  return { material, profile, random, pools, described, spare }
}

export const emptyProgress = (): Progress => ({
  lines: new Set(),
  words: new Set(),
  templates: new Set(),
  fillers: new Map(),
  families: new Map(),
  themes: new Map(),
})

/** Records a line the song has taken. */
export const commit = (progress: Progress, line: Line, family: number): void => {
  progress.lines.add(line.text.toLowerCase())
  progress.words.add(line.word)
  progress.templates.add(line.template)
  for (const filler of line.fillers)
    progress.fillers.set(filler, (progress.fillers.get(filler) ?? 0) + 1)
  if (line.theme)
    progress.themes.set(line.theme.text, (progress.themes.get(line.theme.text) ?? 0) + 1)
  progress.families.set(family, (progress.families.get(family) ?? 0) + 1)
}
