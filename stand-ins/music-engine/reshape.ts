import { readFile } from "node:fs/promises"
import { Effect } from "effect"
import { decodeSyncedLyricsJson } from "#modules/catalog/api-synced-lyrics.ts"
import type { SongRequest } from "#modules/music/ports.ts"
import { barSample, beatSample, sampleRate } from "./bar-grid.ts"
import { sectionsWithin } from "./engine-record.ts"
import { type FinishedSong, splicedSong } from "./finished-song.ts"
import { fadeOut, masterAs } from "./mastering.ts"
import { type PlayedSong, playSong } from "./play-song.ts"
import { crossfadeSamples, decodeAudio, floatsOf, type Piece, splice } from "./splice.ts"
import { type Extend, extendPlan, type ReplaceSection, replacePlan } from "./splice-plans.ts"
import { type SourceParts, type Stretch, splicedParts } from "./spliced-parts.ts"
import { dither16 } from "./wav-file.ts"

type Stage = (name: string) => void

const msOf = (samples: number) => (samples / sampleRate) * 1000

/** The bar of the source before `at`, as its compressor saw it: the decoded audio over the master's gain. */
const barBefore = (audio: ReadonlyArray<Int16Array>, at: number, bpm: number, gain: number) =>
  floatsOf(audio, Math.max(0, at - barSample(1, bpm)), at).map((channel) => {
    for (let i = 0; i < channel.length; i++) channel[i]! /= gain
    return channel
  })

/**
 * New music, mastered as the source was, as the piece that goes into the source at `at`: from its first
 * bar (the end of its lead-in is there before it, for the crossfade) to the end of its last bar, or, for
 * a continuation, which fades out over its last bar, to the end of its tail.
 */
const masteredPiece = (
  { mix, arrangement }: PlayedSong,
  source: ReadonlyArray<Int16Array>,
  at: number,
  gain: number,
  ends: boolean,
): Piece => {
  const { bpm, bars, leadBeats } = arrangement
  if (ends) fadeOut(mix, sampleRate, (((bars - 1) * 4 + leadBeats) * 60) / bpm)
  const first = beatSample(leadBeats, bpm) - crossfadeSamples
  const music = mix.map((channel) => channel.subarray(first))
  masterAs(music, sampleRate, gain, barBefore(source, at - crossfadeSamples, bpm, gain))
  const audio = dither16(music)
  return {
    audio,
    from: crossfadeSamples,
    to: ends ? audio[0]!.length : beatSample(leadBeats + bars * 4, bpm) - first,
  }
}

/** The source's audio and what its files tell, read while the new music plays. */
const readSource = (reshape: Extend | ReplaceSection) => {
  // ffmpeg decodes while Festival speaks; a failure waits to be seen where the audio is awaited.
  const audio = decodeAudio(reshape.sourceAudio, reshape.source.durationMs)
  audio.catch(() => {})
  // What the source's files do not give (an older song, an unreadable file) is not guessed.
  const parts = Promise.all([
    reshape.sourceLyrics
      ? readFile(reshape.sourceLyrics, "utf8")
          .then((json) => Effect.runPromise(decodeSyncedLyricsJson(json)))
          .catch(() => null)
      : null,
    reshape.sourceMidi
      ? readFile(reshape.sourceMidi)
          .then((bytes) => new Uint8Array(bytes))
          .catch(() => null)
      : null,
  ]).then(([lyrics, midi]): SourceParts => ({ lyrics, midi }))
  return { audio, parts }
}

/** The new render from its first bar, heard from `at` on. */
const playedFrom = (played: PlayedSong, at: number): Stretch => {
  const { leadBeats, bpm } = played.arrangement
  const first = beatSample(leadBeats, bpm)
  return { of: "played", fromMs: msOf(first), toMs: Infinity, shiftMs: msOf(at - first) }
}

/**
 * The source up to a bar line (`atMs` snapped down, at most where its fade starts), then the request's
 * lyrics in the source's style: no intro, the sections as written (a continuation is not made 30 s
 * long), the outro and the fade. The continuation is mastered as the source was, with its gain, so a
 * verse of it is as loud as a verse of the source.
 */
export const extendSong = async (
  request: SongRequest,
  reshape: Extend,
  workDir: string,
  stage: Stage,
): Promise<FinishedSong> => {
  const source = readSource(reshape)
  const { record, plan, start: at, startBar: atBar } = extendPlan(request, reshape)
  const played = await playSong(plan, request.soundfont, workDir, stage)
  const audio = await source.audio
  const spliced = splice([
    { audio, from: 0, to: at },
    masteredPiece(played, audio, at, record.masterGain, true),
  ])
  return splicedSong(
    spliced,
    {
      ...played.record,
      masterGain: record.masterGain,
      voiceBed: record.voiceBed > 0 ? record.voiceBed : played.voiceBed,
      bars: atBar + played.record.bars,
      sections: [
        ...sectionsWithin(record.sections, 0, atBar, { bars: 0, ms: 0 }),
        ...sectionsWithin(played.record.sections, 0, Number.POSITIVE_INFINITY, {
          bars: atBar,
          ms: msOf(at),
        }),
      ],
    },
    played.sung || record.style.vocals !== null,
    splicedParts(request.title, await source.parts, played, [
      { of: "source", fromMs: 0, toMs: msOf(at), shiftMs: 0 },
      playedFrom(played, at),
    ]),
  )
}

/**
 * The source with the bars from `startMs` (snapped down) to `endMs` (snapped up) sung anew: the
 * request's lines as one section in the source's style, without intro or outro, mastered as the source
 * was (its compression, gain and limiter), then spliced in. Nothing else is mastered again, so the rest
 * of the source is kept sample for sample, moved by the difference in length.
 */
export const replaceSection = async (
  request: SongRequest,
  reshape: ReplaceSection,
  workDir: string,
  stage: Stage,
): Promise<FinishedSong> => {
  const source = readSource(reshape)
  const { record, plan, start, end: endOrNull, startBar, endBar } = replacePlan(request, reshape)
  const end = endOrNull!
  const played = await playSong(plan, request.soundfont, workDir, stage)
  const audio = await source.audio
  const stretch = masteredPiece(played, audio, start, record.masterGain, false)
  const spliced = splice([
    { audio, from: 0, to: start },
    stretch,
    { audio, from: end, to: audio[0]!.length },
  ])
  const newEnd = start + stretch.to - stretch.from
  const moved = played.arrangement.bars - (endBar! - startBar)
  return splicedSong(
    spliced,
    {
      ...record,
      style: plan.style,
      bars: record.bars + moved,
      sections: [
        ...sectionsWithin(record.sections, 0, startBar, { bars: 0, ms: 0 }),
        ...sectionsWithin(played.record.sections, 0, Number.POSITIVE_INFINITY, {
          bars: startBar,
          ms: msOf(start),
        }),
        ...sectionsWithin(record.sections, endBar!, Number.POSITIVE_INFINITY, {
          bars: moved,
          ms: msOf(newEnd - end),
        }),
      ],
    },
    played.sung || record.style.vocals !== null,
    splicedParts(request.title, await source.parts, played, [
      { of: "source", fromMs: 0, toMs: msOf(start), shiftMs: 0 },
      playedFrom(played, start),
      { of: "source", fromMs: msOf(end), toMs: Infinity, shiftMs: msOf(newEnd - end) },
    ]),
  )
}
