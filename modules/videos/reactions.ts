import { removeDeletedSongVideos } from "./deleted-song-videos.ts"

/** Videos' reactions to other modules' events. */
export const videosReactions = [removeDeletedSongVideos] as const
