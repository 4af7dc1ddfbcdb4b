import type { Operation, SongOrigin } from "#events/contracts/song-operations.ts"

/** The song a operation's versions came from, and how, as their cards and pages name it. */
export const originOf = (operation: Operation): SongOrigin => ({
  operation: operation._tag,
  songId: operation.songId,
  title: operation.title,
})
