import type { SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import { sampleRate } from "./bar-grid.ts"
import type { EngineRecord } from "./engine-record.ts"
import { integratedLoudness, truePeakDb } from "./loudness.ts"
import { master } from "./mastering.ts"
import type { PlayedSong } from "./play-song.ts"
import { floatsOf } from "./splice.ts"
import { pcm16Wav, wav16Of } from "./wav-file.ts"

/** A render's audio, ready to be written: its WAV's bytes, its record, and its measures. */
export interface FinishedSong {
  readonly wav: Uint8Array
  /** In samples. */
  readonly length: number
  readonly record: EngineRecord
  /** Whether a voice sings in it. */
  readonly sung: boolean
  /** What a whole render played, which its MIDI file is written from. */
  readonly score: Pick<PlayedSong, "arrangement" | "words"> | null
  /** A splice's MIDI file, joined from its pieces' where they all have one. */
  readonly splicedMidi: Uint8Array | null
  /** When each line and word is sung in it, where that is known. */
  readonly syncedLyrics: SyncedLyrics | null
  /** Loudness (LUFS) and true peak (dBTP); taken while lame encodes. */
  readonly measure: () => { readonly lufs: number; readonly truePeakDb: number }
}

/** A whole song, mastered: to -14 LUFS, faded over its last bar. */
export const masteredSong = (played: PlayedSong): FinishedSong => {
  const { arrangement, mix } = played
  const fadeFrom = ((arrangement.bars - 1) * 4 * 60) / arrangement.bpm
  const { loudness, gain } = master(mix, sampleRate, fadeFrom)
  return {
    wav: wav16Of({ sampleRate, channels: mix }),
    length: mix[0].length,
    record: { ...played.record, masterGain: gain, voiceBed: played.voiceBed },
    sung: played.sung,
    score: played,
    splicedMidi: null,
    syncedLyrics: played.syncedLyrics,
    measure: () => ({ lufs: loudness, truePeakDb: truePeakDb(mix) }),
  }
}

/** A song spliced from 16-bit pieces, measured whole. */
export const splicedSong = (
  audio: ReadonlyArray<Int16Array>,
  record: EngineRecord,
  sung: boolean,
  parts: { readonly syncedLyrics: SyncedLyrics | null; readonly midi: Uint8Array | null },
): FinishedSong => ({
  wav: pcm16Wav(sampleRate, audio),
  length: audio[0]!.length,
  record,
  sung,
  score: null,
  splicedMidi: parts.midi,
  syncedLyrics: parts.syncedLyrics,
  measure: () => {
    const floats = floatsOf(audio)
    return { lufs: integratedLoudness(floats, sampleRate), truePeakDb: truePeakDb(floats) }
  },
})
