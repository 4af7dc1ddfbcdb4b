import type { SyncedLine, SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import type { AlignedWord } from "./music-api-answers.ts"

const ms = (seconds: number) => Math.round(seconds * 1000)

/**
 * The music API's timed words as lines: a word that carries a line break ends its line, a section's label
 * ("[Chorus]") is no word to show, and the spaces around words are not theirs.
 */
export const syncedLyricsOfWords = (aligned: ReadonlyArray<AlignedWord>): SyncedLyrics => {
  const lines: Array<SyncedLine> = []
  let words: Array<{ text: string; startMs: number; endMs: number }> = []
  const endLine = () => {
    if (words.length > 0)
      lines.push({
        text: words.map((word) => word.text).join(" "),
        startMs: words[0]!.startMs,
        endMs: words.at(-1)!.endMs,
        words,
      })
    words = []
  }
  for (const { word, startS, endS } of aligned) {
    const pieces = word.split("\n")
    pieces.forEach((piece, i) => {
      if (i > 0) endLine()
      const text = piece.replace(/\[[^\]]*\]/g, "").trim()
      if (text !== "")
        words.push({ text, startMs: ms(startS), endMs: Math.max(ms(endS), ms(startS) + 1) })
    })
  }
  endLine()
  return { lines }
}
