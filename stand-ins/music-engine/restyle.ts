import type { PlayedRequest, RenderFacts } from "#modules/music/ports.ts"
import { decodeRecord, type EngineRecord } from "./engine-record.ts"
import { presets } from "./genres.ts"
import { parseLyrics } from "./lyrics.ts"
import type { SongPlan } from "./play-song.ts"
import { fitSections } from "./song-length.ts"
import { defaultMaxSeconds, drawSeed, requestRandom, sectionsOf, vocalsFor } from "./song-plan.ts"
import { namedTonality, namedVoice, parseStyle } from "./style.ts"

const normal = (line: string) =>
  line
    .toLowerCase()
    .replace(/[^a-z0-9']+/g, " ")
    .trim()

/** Whether the lyrics hold every line the source sang. */
const singsTheSource = (lyrics: string, record: EngineRecord) => {
  const written = new Set(parseLyrics(lyrics).flatMap((section) => section.lines.map(normal)))
  return record.sections.every((section) =>
    section.lines.every((line) => written.has(normal(line.text))),
  )
}

/**
 * A restyle: the source's lines in the request's style (its genre, tempo, instruments and arrangement),
 * to the source's tune. The tune's draws come from the source's compose seed, and they stay the
 * same only over the same notes to choose from, so the key, the mode and the voice stay the source's
 * unless the style names others (or the request keeps another voice). Lyrics that hold every line the
 * source sang are sung as the source sang them, section for section, however long that is at the new
 * tempo; other lyrics make a song of their own.
 */
export const restylePlan = (request: PlayedRequest, source: RenderFacts): SongPlan => {
  const record = decodeRecord(source.engine)
  const random = requestRandom(request)
  const written = parseStyle(request.style, random.fork("style"))
  const named = namedTonality(request.style)
  const mode = named.mode ?? record.style.mode
  const kept =
    written.vocals === null || namedVoice(request.style) !== null
      ? written.vocals
      : record.style.vocals
  const style = {
    ...written,
    tonic: named.tonic ?? record.style.tonic,
    mode,
    progressions: mode === "major" ? presets[written.genre].major : presets[written.genre].minor,
    vocals: vocalsFor(request, kept),
  }
  const sameLines = singsTheSource(request.lyrics, record)
  const maxSeconds = sameLines
    ? Number.POSITIVE_INFINITY
    : (request.maxSeconds ?? defaultMaxSeconds)
  return {
    style,
    sections: sameLines
      ? record.sections.map((section) => ({
          kind: section.kind,
          lines: section.lines.map((line) => line.text),
        }))
      : fitSections(sectionsOf(request.lyrics, request.title), style, maxSeconds),
    composeSeed: record.composeSeed,
    compose: { bandSeed: drawSeed(random) },
    maxSeconds,
    mixRandom: random.fork("mix"),
  }
}
