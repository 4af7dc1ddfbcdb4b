import type { SongView } from "#projections/songs/api.ts"
import { PlaylistLayout } from "./playlist-layout.tsx"

/** The built-in "Liked songs": the songs one liked, as a playlist of one's own that nobody else sees. */
export const LikedPlaylist = ({ songs }: { readonly songs: ReadonlyArray<SongView> }) => (
  <PlaylistLayout
    name="Liked songs"
    description="The public songs you liked, newest first."
    byline="You"
    isPublic={false}
    covers={songs.flatMap((song) => (song.imageUrl ? [song.imageUrl] : [])).slice(0, 4)}
    songs={songs}
    empty="No liked songs yet. Press the heart on any song you love."
  />
)
