import { urlPath } from "#api/url-path.ts"

/** Where a song's audio and cover are served from, for its owner and, when public, everyone. */
export const songPaths = {
  audio: (songId: string) => `/api/songs/${songId}/audio`,
  wav: (songId: string) => `/api/songs/${songId}/wav`,
  cover: (songId: string) => `/api/songs/${songId}/cover`,
  midi: (songId: string) => `/api/songs/${songId}/midi`,
  syncedLyrics: (songId: string) => `/api/songs/${songId}/synced-lyrics`,
  lrc: (songId: string) => `/api/songs/${songId}/lrc`,
  page: (songId: string) => `/song/${songId}`,
  /** Its compact player, for other sites' frames. */
  embed: (songId: string) => `/embed/song/${songId}`,
}

/** The song whose audio a link points to, for calls that name a song by its audio (spec: videos/generate). */
export const songIdFromAudioUrl = (url: string): string | undefined =>
  /^\/api\/songs\/([0-9a-zA-Z-]{1,64})\/audio$/.exec(urlPath(url))?.[1]
