import type { Reshaping, SongOrigin } from "#events/contracts/song-operations.ts"

/** The song a reshaping's versions came from, and how, as their cards and pages name it. */
export const originOf = (reshaping: Reshaping): SongOrigin => ({
  operation: reshaping._tag,
  songId: reshaping.songId,
  title: reshaping.title,
})
