import { oncePerObject } from "#toolkit/once-per-object.ts"
import { encodeSongView, type PublicSongs, type SongView } from "./api.ts"

const encoder = new TextEncoder()

// Each song is written once per view, and each page once per page object: pages share the views of the
// songs they list, and anonymous readers of a page share the page (see SongReads.publicSongs).
const songJson = oncePerObject((song: SongView) => JSON.stringify(encodeSongView(song)))

/** The page as `JSON.stringify` of its encoded form would write it, from the songs' kept JSON. */
export const publicSongsJson = (page: PublicSongs) =>
  `{"songs":[${page.songs.map(songJson).join(",")}],"total":${page.total},"snapshot":${page.snapshot}}`

/** The page's JSON as bytes, made once per page object. */
export const publicSongsBody = oncePerObject((page: PublicSongs) =>
  encoder.encode(publicSongsJson(page)),
)
