import { removeDeletedSongFiles } from "./generation/deleted-song-files.ts"
import { endDeletedSongStems } from "./stems/deleted-song-stems.ts"

/** Music's reactions to other modules' events. */
export const musicReactions = [removeDeletedSongFiles, endDeletedSongStems] as const
