import type { PublicSongs, SongView } from "#modules/catalog/api.ts"
import { ApiUnavailable, unreachable } from "./api.ts"

/** A public read's 404: the song is not there for this reader (the contract's NotFound). */
export class NotFound extends Error {
  readonly _tag = "NotFound"
}

/**
 * A public read as plain JSON. What every page asks first (the session) and the pages anyone may open (a
 * shared song, the timeline) read only these, so a visitor's phone never downloads or starts the typed
 * client and Effect's runtime.
 */
export const readJson = async <A>(path: string): Promise<A> => {
  const response = await fetch(path, { headers: { accept: "application/json" } }).catch(
    () => undefined,
  )
  if (response === undefined) throw unreachable()
  if (response.status === 404) throw new NotFound("This song does not exist, or it is private.")
  if (!response.ok) throw new ApiUnavailable("The server could not answer. Please try again.")
  return (await response.json()) as A
}

/**
 * A song as the typed client decodes it: its one date a Date. The wire form is SongView's own encoding
 * (modules/catalog/api-answers.ts); the cast names the class whose fields these are.
 */
export const songFromWire = (wire: typeof SongView.Encoded): SongView =>
  ({ ...wire, createdAt: new Date(wire.createdAt) }) as SongView

export const publicSongsFromWire = (wire: typeof PublicSongs.Encoded): PublicSongs =>
  ({ ...wire, songs: wire.songs.map(songFromWire) }) as PublicSongs
