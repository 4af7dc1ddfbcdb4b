import { Schema } from "effect"

/**
 * When each line and each word of a song is sung, in milliseconds from the start of its audio: the file
 * a maker writes beside the song, which the player follows and the .lrc download is written from.
 */
export const SyncedWord = Schema.Struct({
  text: Schema.String,
  startMs: Schema.Int,
  endMs: Schema.Int,
})
export type SyncedWord = typeof SyncedWord.Type

export const SyncedLine = Schema.Struct({
  text: Schema.String,
  startMs: Schema.Int,
  endMs: Schema.Int,
  /** Empty where the maker knows only the line. */
  words: Schema.Array(SyncedWord),
})
export type SyncedLine = typeof SyncedLine.Type

export const SyncedLyrics = Schema.Struct({ lines: Schema.Array(SyncedLine) })
export type SyncedLyrics = typeof SyncedLyrics.Type

/** The file a maker keeps, read back. */
export const decodeSyncedLyricsJson = Schema.decodeUnknown(Schema.parseJson(SyncedLyrics))
