import type { PlayedRequest } from "#modules/music/ports.ts"
import { type LyricSection, parseLyrics } from "./lyrics.ts"
import type { SongPlan } from "./play-song.ts"
import { hashString, Random } from "./seeded-random.ts"
import { fitSections } from "./song-length.ts"
import { parseStyle, type Vocals } from "./style.ts"

export const defaultMaxSeconds = 150

/** Every choice of a render is drawn from this, seeded by the whole request. */
export const requestRandom = (request: PlayedRequest) =>
  new Random(
    hashString(
      `${request.title}\u0000${request.lyrics}\u0000${request.style}\u0000${request.seed}`,
    ),
  )

/** A seed for a generator of its own. */
export const drawSeed = (random: Random) => Math.floor(random.next() * 4294967296)

/**
 * Who sings: nobody in an instrumental (its lead instrument plays the tune the voice would have sung),
 * the kept voice when the request names one, otherwise the one chosen.
 */
export const vocalsFor = (request: PlayedRequest, chosen: Vocals | null): Vocals | null =>
  request.instrumental
    ? null
    : request.voice
      ? { voice: request.voice.gender, delivery: request.voice.delivery }
      : chosen

/** The lyrics' sections; lyrics without a line sing the title. */
export const sectionsOf = (lyrics: string, title: string): ReadonlyArray<LyricSection> => {
  const parsed = parseLyrics(lyrics)
  return parsed.length > 0 ? parsed : [{ kind: "verse", lines: [title.trim() || "la la la"] }]
}

/** A song from its request alone: the style read from its text, its sections fitted to its length. */
export const newSongPlan = (request: PlayedRequest): SongPlan => {
  const random = requestRandom(request)
  const written = parseStyle(request.style, random.fork("style"))
  const style = { ...written, vocals: vocalsFor(request, written.vocals) }
  const maxSeconds = request.maxSeconds ?? defaultMaxSeconds
  return {
    style,
    sections: fitSections(sectionsOf(request.lyrics, request.title), style, maxSeconds),
    composeSeed: drawSeed(random),
    compose: {},
    maxSeconds,
    mixRandom: random.fork("mix"),
  }
}
