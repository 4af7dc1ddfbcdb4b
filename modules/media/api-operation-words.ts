import type { SongOperation, SongOrigin } from "#events/contracts/song-operations.ts"

// Plain words, apart from the schemas, so a page can name operations without loading Effect.

/** What an operation's songs are called: "Title (Extended)", "Title (Jazz cover)". */
export const reshapedTitle = (title: string, operation: SongOperation, style: string) => {
  const base = title.replace(/\s*\(Version \d+\)$/, "")
  switch (operation) {
    case "extend":
      return `${base} (Extended)`
    case "replace-section":
      return `${base} (New section)`
    case "restyle":
      return `${base} (${coverName(style)})`
  }
}

/** "as a jazz ballad" -> "Jazz ballad cover"; a long style is cut at its first comma or four words. */
const coverName = (style: string) => {
  const words = style
    .replace(/^\s*(as|in)\s+(an?\s+|the\s+)?/i, "")
    .split(",")[0]!
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(" ")
  return words === "" ? "Cover" : `${words[0]!.toUpperCase()}${words.slice(1)} cover`
}

/** "Extended from", "Jazz cover of": how a card names a song's origin, before its title. */
export const originWords = (origin: SongOrigin, style: string) => {
  switch (origin.operation) {
    case "extend":
      return "Extended from"
    case "replace-section":
      return "New section of"
    case "restyle":
      return `${coverName(style)} of`
  }
}
