import { LibraryPage } from "../../features/library/library-page.tsx"
import { ownSongActions } from "./own-song-actions.tsx"

export const LibraryRoute = () => <LibraryPage songActions={ownSongActions} />
