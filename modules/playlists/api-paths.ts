/** Where a playlist's page is, for the app and for what links to it. */
export const playlistPaths = {
  page: (id: string) => `/playlist/${encodeURIComponent(id)}`,
  /** The built-in list of the songs one liked. */
  liked: "/playlist/liked",
}
