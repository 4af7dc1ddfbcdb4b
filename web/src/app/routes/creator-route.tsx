import { lazy, Suspense } from "react"
import { useParams } from "react-router"
import { CreatorPage } from "../../features/creators/creator-page.tsx"
import { PageErrorBoundary } from "../page-error-boundary.tsx"
import { TimelineCard } from "./timeline-card.tsx"

const nothing = () => null

// After the songs, and not part of the page's first load.
const CreatorPlaylists = lazy(() =>
  import("../../features/playlists/creator-playlists.tsx").then((m) => ({
    default: m.CreatorPlaylists,
  })),
)

// Editing one's own page, or reporting and blocking another's creator, load for a signed-in viewer only.
const CreatorActions = lazy(() =>
  import("./creator-actions.tsx").then((m) => ({ default: m.CreatorActions })),
)

/** A creator's page; another creator's is drawn afresh, with none of the last one's dialogs open. */
export const CreatorRoute = () => {
  const username = useParams().username ?? ""
  return (
    <CreatorPage
      key={username.toLowerCase()}
      username={username}
      card={(song) => <TimelineCard {...song} />}
      actions={(profile, isYours) => (
        <Suspense fallback={null}>
          <CreatorActions profile={profile} isYours={isYours} />
        </Suspense>
      )}
      playlists={
        // Their code loads with the page: if it cannot, the page goes on without them.
        <PageErrorBoundary resetKey={username} fallback={nothing}>
          <Suspense fallback={null}>
            <CreatorPlaylists username={username} />
          </Suspense>
        </PageErrorBoundary>
      }
    />
  )
}
