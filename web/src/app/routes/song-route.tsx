import { lazy, Suspense } from "react"
import { SongPage } from "../../features/song/song-page.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"

// What only the song's owner can do loads when the owner looks at it: a shared link's visitors skip it.
const OwnSongActions = lazy(() =>
  import("./own-song-actions.tsx").then((m) => ({ default: m.OwnSongActions })),
)

// Comments load once the song is drawn: a shared link's first view needs none of their code.
const CommentsSection = lazy(() =>
  import("../../features/comments/comments-section.tsx").then((m) => ({
    default: m.CommentsSection,
  })),
)

export const SongRoute = () => (
  <SongPage
    ownerActions={(song) => (
      <Suspense fallback={null}>
        <OwnSongActions song={song} />
      </Suspense>
    )}
    stems={(song) => <Stems song={song} />}
    comments={(song, signedIn) => (
      <Suspense fallback={null}>
        <CommentsSection songId={song.id} signedIn={signedIn} />
      </Suspense>
    )}
  />
)
