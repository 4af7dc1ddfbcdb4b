import type { SongOperation, SongOrigin } from "#events/contracts/song-operations.ts"

// Plain words, apart from the schemas, so a page can name operations without loading Effect.

/** What an operation's songs are called: "Title (Extended)", "Title (Jazz restyle)". */
export const reshapedTitle = (title: string, operation: SongOperation, style: string) => {
  const base = title.replace(/\s*\(Version \d+\)$/, "")
  switch (operation) {
    case "extend":
      return `${base} (Extended)`
    case "replace-section":
      return `${base} (New section)`
    case "restyle":
      return `${base} (${restyleName(style)})`
  }
}

/** "as a jazz ballad" -> "Jazz ballad restyle"; a long style is cut at its first comma or four words. */
const restyleName = (style: string) => {
  const words = style
    .replace(/^\s*(as|in)\s+(an?\s+|the\s+)?/i, "")
    .split(",")[0]!
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(" ")
  return words === "" ? "Restyle" : `${words[0]!.toUpperCase()}${words.slice(1)} restyle`
}

/** "Extended from", "Jazz restyle of": how a card names a song's origin, before its title. */
export const originWords = (origin: SongOrigin, style: string) => {
  switch (origin.operation) {
    case "extend":
      return "Extended from"
    case "replace-section":
      return "New section of"
    case "restyle":
      return `${restyleName(style)} of`
  }
}
