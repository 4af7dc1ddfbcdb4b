import { removeDeletedSongFiles } from "./files/deleted-song-files.ts"

/** Media's reactions to other modules' events. */
export const mediaReactions = [removeDeletedSongFiles] as const
