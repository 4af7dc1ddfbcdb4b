/** Where a song's audio and cover are served from, for its owner and, when public, everyone. */
export const songPaths = {
  audio: (songId: string) => `/api/songs/${songId}/audio`,
  wav: (songId: string) => `/api/songs/${songId}/wav`,
  cover: (songId: string) => `/api/songs/${songId}/cover`,
  midi: (songId: string) => `/api/songs/${songId}/midi`,
  syncedLyrics: (songId: string) => `/api/songs/${songId}/synced-lyrics`,
  lrc: (songId: string) => `/api/songs/${songId}/lrc`,
  page: (songId: string) => `/song/${songId}`,
}
