import { LibraryPage } from "../../features/library/library-page.tsx"
import { SongPage } from "../../features/song-page/song-page.tsx"
import { ownSongActions } from "./own-song-actions.tsx"

export const LibraryRoute = () => <LibraryPage songActions={ownSongActions} />

export const SongRoute = () => <SongPage ownerActions={ownSongActions} />
