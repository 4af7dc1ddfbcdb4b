import type { SyncedLyrics } from "./api-synced-lyrics.ts"

/** `[mm:ss.xx]`'s time: minutes, seconds and hundredths. */
const stamp = (ms: number) => {
  const hundredths = Math.round(ms / 10)
  const minutes = Math.floor(hundredths / 6000)
  const seconds = (hundredths % 6000) / 100
  return `${String(minutes).padStart(2, "0")}:${seconds.toFixed(2).padStart(5, "0")}`
}

/** Line breaks and brackets would end a line or open a tag early. */
const plain = (text: string) => text.replace(/[\r\n]+/g, " ").replace(/[[\]<>]/g, "")

/**
 * A song's synced lyrics as an LRC file: a time tag per line and, where the words are known, enhanced
 * LRC's word tags (`<mm:ss.xx>` before each word, and one where the line ends) that karaoke players follow.
 */
export const lrcOf = (title: string, durationMs: number, lyrics: SyncedLyrics) =>
  [
    `[ti:${plain(title)}]`,
    `[length:${stamp(durationMs).slice(0, 5)}]`,
    "[re:Melody Studio]",
    ...lyrics.lines.map((line) =>
      line.words.length === 0
        ? `[${stamp(line.startMs)}]${plain(line.text)}`
        : `[${stamp(line.startMs)}] ${line.words
            .map((word) => `<${stamp(word.startMs)}> ${plain(word.text)}`)
            .join(" ")} <${stamp(line.endMs)}>`,
    ),
    "",
  ].join("\n")
