import { lyricsLimit } from "./api-chat.ts"

/** Lyrics within the box's limit: a model that wrote more is cut at the last whole line that fits. */
export const fitLyrics = (lyrics: string): string => {
  const trimmed = lyrics.replace(/\r\n/g, "\n").trim()
  if (trimmed.length <= lyricsLimit) return trimmed
  const cut = trimmed.slice(0, lyricsLimit)
  const lastLine = cut.lastIndexOf("\n")
  return (lastLine > 0 ? cut.slice(0, lastLine) : cut).trimEnd()
}
