/** Playlists in the caches of the screens that show them, under one prefix a change refreshes. */
export const playlistKeys = {
  all: ["playlists"] as const,
  one: (id: string) => ["playlists", "one", id] as const,
  /** The viewer's own, each saying whether it holds `songId` ("" for none). */
  mine: (songId = "") => ["playlists", "mine", songId] as const,
  creator: (username: string) => ["playlists", "creator", username.toLowerCase()] as const,
}
