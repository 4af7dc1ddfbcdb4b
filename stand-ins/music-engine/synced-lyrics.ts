import type { SyncedLine, SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import type { VocalNote } from "./score.ts"
import type { SungAt } from "./singer.ts"
import type { SungWords } from "./vocal-midi.ts"

/** A sung line: its text as written, and its words as Festival spoke them. */
export interface SungLineText {
  readonly text: string
  readonly words: SungWords
}

const ms = (seconds: number) => Math.round(seconds * 1000)

/**
 * Each line and word as the voice sang it: a word from its first syllable's vowel to its last syllable's
 * end, a line from its first word to its last. A word keeps its punctuation ("hour,") where the
 * written line splits into as many words as Festival spoke.
 */
export const syncedLyricsOf = (
  lines: ReadonlyArray<SungLineText>,
  vocal: ReadonlyArray<VocalNote>,
  placed: ReadonlyArray<SungAt | null>,
): SyncedLyrics => {
  const spans = lines.map((line) => line.words.map(() => ({ start: Infinity, end: -Infinity })))
  vocal.forEach((note, i) => {
    const at = placed[i]
    const span = spans[note.line]?.[note.word]
    if (!at || !span) return
    span.start = Math.min(span.start, at.start)
    span.end = Math.max(span.end, at.end)
  })
  const synced = lines.flatMap((line, l): ReadonlyArray<SyncedLine> => {
    const tokens = line.text.split(/\s+/).filter((token) => token !== "")
    const written = tokens.length === line.words.length
    const words = line.words.flatMap((word, w) => {
      const span = spans[l]![w]!
      return span.start <= span.end
        ? [{ text: written ? tokens[w]! : word.text, startMs: ms(span.start), endMs: ms(span.end) }]
        : []
    })
    if (words.length === 0) return []
    return [{ text: line.text, startMs: words[0]!.startMs, endMs: words.at(-1)!.endMs, words }]
  })
  return { lines: synced }
}
