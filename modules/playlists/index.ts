/** Playlists: creators' ordered lists of their own songs and public ones. */
export { PlaylistsApi } from "./api.ts"
export { PlaylistsHttpLive } from "./http.ts"
export { Playlists } from "./playlists.ts"
