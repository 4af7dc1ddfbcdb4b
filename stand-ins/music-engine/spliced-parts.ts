import type { SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import type { PlayedSong } from "./play-song.ts"
import { songMidi } from "./song-midi.ts"
import { splicedLyrics } from "./spliced-lyrics.ts"
import { splicedMidi } from "./spliced-midi.ts"

/** A stretch of a splice: the source's or the new render's [fromMs, toMs), heard `shiftMs` later. */
export interface Stretch {
  readonly of: "source" | "played"
  readonly fromMs: number
  readonly toMs: number
  readonly shiftMs: number
}

/** What the source's files tell of it, where it has them. */
export interface SourceParts {
  readonly lyrics: SyncedLyrics | null
  readonly midi: Uint8Array | null
}

/**
 * A spliced song's timed lyrics and MIDI file, joined from the source's and the new render's as the audio
 * was joined: each stretch's lines and notes moved to where it is heard.
 */
export const splicedParts = (
  title: string,
  source: SourceParts,
  played: PlayedSong,
  stretches: ReadonlyArray<Stretch>,
) => {
  const { tonic, mode } = played.record.style
  const playedMidi = songMidi({
    title,
    tonic,
    mode,
    arrangement: played.arrangement,
    lines: played.words,
  })
  return {
    syncedLyrics: splicedLyrics(
      stretches.map(({ of, ...window }) => ({
        lyrics: of === "source" ? source.lyrics : played.syncedLyrics,
        ...window,
      })),
    ),
    midi: splicedMidi(
      title,
      played.arrangement.bpm,
      stretches.map(({ of, ...window }) => ({
        midi: of === "source" ? source.midi : playedMidi,
        ...window,
      })),
    ),
  }
}
