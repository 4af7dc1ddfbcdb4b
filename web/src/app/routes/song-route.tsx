import { lazy, Suspense } from "react"
import { SongPage } from "../../features/song/song-page.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"

// What only the song's owner can do loads when the owner looks at it: a shared link's visitors skip it.
const OwnSongActions = lazy(() =>
  import("./own-song-actions.tsx").then((m) => ({ default: m.OwnSongActions })),
)

export const SongRoute = () => (
  <SongPage
    ownerActions={(song) => (
      <Suspense fallback={null}>
        <OwnSongActions song={song} />
      </Suspense>
    )}
    stems={(song) => <Stems song={song} />}
  />
)
