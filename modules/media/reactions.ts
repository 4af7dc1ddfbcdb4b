import { removeDeletedSongFiles } from "./files/deleted-song-files.ts"
import { removeDeletedSongVideos } from "./files/deleted-song-videos.ts"
import { endDeletedSongStems } from "./stems/deleted-song-stems.ts"

/** Media's reactions to other modules' events. */
export const mediaReactions = [
  removeDeletedSongFiles,
  removeDeletedSongVideos,
  endDeletedSongStems,
] as const
