import { LibraryPage } from "../../features/library/library-page.tsx"
import { MyPlaylists } from "../../features/playlists/my-playlists.tsx"
import { LibraryCard } from "./library-card.tsx"
import { ownSongActions } from "./own-song-actions.tsx"

export const LibraryRoute = () => (
  <LibraryPage
    playlists={<MyPlaylists />}
    card={(song) => <LibraryCard {...song} actions={ownSongActions(song.song)} />}
  />
)
