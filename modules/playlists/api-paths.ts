/** Where a playlist's page is, for the app and for what links to it. */
export const playlistPaths = {
  page: (id: string) => `/playlist/${encodeURIComponent(id)}`,
  /** Its player for other sites' frames. */
  embed: (id: string) => `/embed/playlist/${encodeURIComponent(id)}`,
  /** The built-in list of the songs one liked. */
  liked: "/playlist/liked",
}
