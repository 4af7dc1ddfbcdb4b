import type { LyricsRequest } from "#modules/songwriting/ports.ts"
import { spareCouplets, spareHooks, writeCouplet } from "./lyric-couplets.ts"
import type { Random } from "./lyric-random.ts"
import { commit, emptyProgress, type Progress, planSong, type Song } from "./lyric-song.ts"
import type { Role } from "./lyric-templates.ts"
import { titlePhrases } from "./lyric-title.ts"

// What tests and callers check the writer's choices with.
export { genreOf } from "./lyric-genres.ts"
export { moodOf } from "./lyric-moods.ts"
export { countSyllables, lineSyllables } from "./lyric-syllables.ts"

/**
 * The offline lyric writer: a small story in five sections. Verse 1 sets the scene and remembers,
 * the chorus sings the title and the feeling, verse 2 comes back later and deepens it, the bridge
 * turns. Every section rhymes AABB or ABAB (the bridge may be a couplet), every line keeps to the
 * genre's syllable range, and the same request always gives the same song.
 */

export type Scheme = "AABB" | "ABAB" | "AA"

const groupsOf: Readonly<Record<Scheme, ReadonlyArray<readonly [number, number]>>> = {
  AABB: [
    [0, 1],
    [2, 3],
  ],
  ABAB: [
    [0, 2],
    [1, 3],
  ],
  AA: [[0, 1]],
}

const section = (
  song: Song,
  progress: Progress,
  roles: ReadonlyArray<Role>,
  scheme: Scheme,
): Array<string> => {
  const lines: Array<string> = []
  const taken = new Set<number>()
  for (const [a, b] of groupsOf[scheme]) {
    const pair = writeCouplet(song, progress, [roles[a] as Role, roles[b] as Role], taken)
    for (const line of pair.lines) commit(progress, line, pair.family)
    lines[a] = pair.lines[0].text
    lines[b] = pair.lines[1].text
    taken.add(pair.family)
  }
  return lines
}

const schemeOf = (random: Random): Scheme => (random.next() < 0.5 ? "AABB" : "ABAB")

const render = (sections: ReadonlyArray<readonly [string, ReadonlyArray<string>]>): string =>
  sections.map(([header, lines]) => `[${header}]\n${lines.join("\n")}`).join("\n\n")

const compose = (request: LyricsRequest): string => {
  const song = planSong(request)
  const progress = emptyProgress()
  const opening: Role = song.material.doing ? "doing" : "memory"
  const verse1 = section(
    song,
    progress,
    ["scene", "memory", opening, "feeling"],
    schemeOf(song.random),
  )
  const chorus = section(song, progress, ["hook", "feeling", "vow", "hook"], schemeOf(song.random))
  const verse2 = section(
    song,
    progress,
    ["return", "now", "feeling", "memory"],
    schemeOf(song.random),
  )
  const bridge =
    song.random.next() < 0.5
      ? section(song, progress, ["turn", "vow"], "AA")
      : section(song, progress, ["turn", "turn", "feeling", "vow"], schemeOf(song.random))
  return render([
    ["Verse 1", verse1],
    ["Chorus", chorus],
    ["Verse 2", verse2],
    ["Bridge", bridge],
    ["Chorus", chorus],
  ])
}

/** The spare couplets alone, for the case the writer itself fails: the app must still get lyrics. */
export const spareSong = (request: LyricsRequest): string => {
  const title = titlePhrases(request.title)[0]?.text ?? "This feeling"
  const couplet = (index: number) => spareCouplets[index % spareCouplets.length] ?? []
  const hook = spareHooks[0] ?? []
  const chorus = [...hook.map((line) => line.replace("{title}", title)), ...couplet(5)]
  return render([
    ["Verse 1", [...couplet(0), ...couplet(1)]],
    ["Chorus", chorus],
    ["Verse 2", [...couplet(2), ...couplet(3)]],
    ["Bridge", couplet(6)],
    ["Chorus", chorus],
  ])
}

/** Lyrics for a request, offline and deterministic: the same request always gives the same song. */
export const writeLyrics = (request: LyricsRequest): string => {
  try {
    return compose(request)
  } catch {
    return spareSong(request)
  }
}
