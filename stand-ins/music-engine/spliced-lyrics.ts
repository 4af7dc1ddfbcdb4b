import type { SyncedLine, SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"

/** A stretch of one render's timed lines in a splice: the lines begun in [fromMs, toMs), moved by `shiftMs`. */
export interface LyricsPiece {
  readonly lyrics: SyncedLyrics | null
  readonly fromMs: number
  readonly toMs: number
  readonly shiftMs: number
}

/** A line moved by `shiftMs`, cut at `toMs` where its audio stops: words begun after it are not heard. */
const placed = (line: SyncedLine, toMs: number, shiftMs: number): SyncedLine => {
  const at = (ms: number) => Math.round(Math.min(ms, toMs) + shiftMs)
  return {
    text: line.text,
    startMs: at(line.startMs),
    endMs: at(line.endMs),
    words: line.words
      .filter((word) => word.startMs < toMs)
      .map((word) => ({ text: word.text, startMs: at(word.startMs), endMs: at(word.endMs) })),
  }
}

/**
 * The timed lines of a song spliced from pieces of renders, as they are heard in it: each piece's lines
 * moved to where the piece is. Null when no piece knows its lines (an instrumental).
 */
export const splicedLyrics = (pieces: ReadonlyArray<LyricsPiece>): SyncedLyrics | null => {
  if (pieces.every((piece) => piece.lyrics === null)) return null
  return {
    lines: pieces.flatMap(({ lyrics, fromMs, toMs, shiftMs }) =>
      (lyrics?.lines ?? [])
        .filter((line) => line.startMs >= fromMs && line.startMs < toMs)
        .map((line) => placed(line, toMs, shiftMs)),
    ),
  }
}
