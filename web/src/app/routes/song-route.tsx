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

// Reporting loads with the song's page for a signed-in person; its dialog opens on a press.
const ReportButton = lazy(() =>
  import("../../features/moderation/report-button.tsx").then((m) => ({ default: m.ReportButton })),
)

export const SongRoute = () => (
  <SongPage
    ownerActions={(song) => (
      <Suspense fallback={null}>
        <OwnSongActions song={song} />
      </Suspense>
    )}
    stems={(song) => <Stems song={song} />}
    report={(song) => (
      <Suspense fallback={null}>
        <ReportButton kind="song" id={song.id} name={song.title} />
      </Suspense>
    )}
    comments={(song, signedIn) => (
      <Suspense fallback={null}>
        <CommentsSection
          songId={song.id}
          signedIn={signedIn}
          report={(commentId) => (
            <Suspense fallback={null}>
              <ReportButton kind="comment" id={commentId} name="this comment" />
            </Suspense>
          )}
        />
      </Suspense>
    )}
  />
)
