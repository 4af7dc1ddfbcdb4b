import { removeDeletedSongFiles } from "./files/deleted-song-files.ts"
import { removeDeletedSongVideos } from "./files/deleted-song-videos.ts"

/** Media's reactions to other modules' events. */
export const mediaReactions = [removeDeletedSongFiles, removeDeletedSongVideos] as const
