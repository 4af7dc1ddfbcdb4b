import type { PlayedRequest, Reshaping } from "#modules/music/ports.ts"
import { barAtOrAfter, barAtOrBefore, barSample, clamp } from "./bar-grid.ts"
import { decodeRecord, type EngineRecord } from "./engine-record.ts"
import { namesSections, parseLyrics } from "./lyrics.ts"
import type { SongPlan } from "./play-song.ts"
import { fitSections } from "./song-length.ts"
import { defaultMaxSeconds, drawSeed, requestRandom, sectionsOf, vocalsFor } from "./song-plan.ts"

export type Extend = Extract<Reshaping, { kind: "extend" }>
export type ReplaceSection = Extract<Reshaping, { kind: "replace-section" }>

/** A splice as planned: the source's record, the new music to play, and the source's samples it replaces. */
export interface SplicePlan {
  readonly record: EngineRecord
  readonly plan: SongPlan
  /** Where the new music goes in: a bar line of the source, in samples. */
  readonly start: number
  /** Where the source goes on after it (a replaced section); null when the new music ends the song. */
  readonly end: number | null
  readonly startBar: number
  readonly endBar: number | null
}

/** The source's record and style (sung by the request's voice, if it keeps one), and the request's draws. */
const basisOf = (request: PlayedRequest, reshape: Extend | ReplaceSection) => {
  const record = decodeRecord(reshape.source.engine)
  const random = requestRandom(request)
  return {
    record,
    style: { ...record.style, vocals: vocalsFor(request, record.style.vocals) },
    // The harmony is the source's (its compose seed); the new tune and playing are the request's.
    compose: { tuneSeed: drawSeed(random), bandSeed: drawSeed(random), leadBeats: 1 },
    composeSeed: record.composeSeed,
    mixRandom: random.fork("mix"),
    // The voice is set against the source's band level (0: the source had no voice).
    voiceBed: record.voiceBed > 0 ? record.voiceBed : undefined,
  }
}

/**
 * An extension: the source up to a bar line (`atMs` snapped down, at most where its fade starts), then
 * the request's lyrics in the source's style: no intro, the sections as written (a continuation is not
 * made 30 s long), the outro and the fade.
 */
export const extendPlan = (request: PlayedRequest, reshape: Extend): SplicePlan => {
  const { record, style, compose, ...draws } = basisOf(request, reshape)
  const atBar = clamp(barAtOrBefore(reshape.atMs, style.bpm), 0, record.bars - 1)
  const maxSeconds = request.maxSeconds ?? defaultMaxSeconds
  return {
    record,
    plan: {
      ...draws,
      style,
      sections: fitSections(sectionsOf(request.lyrics, request.title), style, maxSeconds, 0),
      compose: { ...compose, intro: false },
      maxSeconds,
    },
    start: barSample(atBar, style.bpm),
    end: null,
    startBar: atBar,
    endBar: null,
  }
}

/**
 * A replaced section: the bars from `startMs` (snapped down) to `endMs` (snapped up) sung anew, the
 * request's lines as one section in the source's style, without intro or outro.
 */
export const replacePlan = (request: PlayedRequest, reshape: ReplaceSection): SplicePlan => {
  const { record, style, compose, ...draws } = basisOf(request, reshape)
  const lastBar = record.bars - 1
  const startBar = clamp(barAtOrBefore(reshape.startMs, style.bpm), 0, lastBar - 1)
  const endBar = clamp(barAtOrAfter(reshape.endMs, style.bpm), startBar + 1, lastBar)
  const written = parseLyrics(request.lyrics)
  const lines = written.flatMap((section) => section.lines)
  if (lines.length === 0) throw new Error("a replaced section needs lines to sing")
  const replaced = record.sections.find(
    (section) => section.startBar <= startBar && startBar < section.startBar + section.bars,
  )
  const kind = namesSections(request.lyrics) ? written[0]!.kind : (replaced?.kind ?? "verse")
  return {
    record,
    plan: {
      ...draws,
      style,
      sections: [{ kind, lines }],
      compose: { ...compose, intro: false, outro: false },
      maxSeconds: Number.POSITIVE_INFINITY,
    },
    start: barSample(startBar, style.bpm),
    end: barSample(endBar, style.bpm),
    startBar,
    endBar,
  }
}
