import { useQuery } from "@tanstack/react-query"
import { lazy, Suspense } from "react"
import { Navigate, useLocation, useParams } from "react-router"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { LikedPlaylist } from "../../features/playlists/liked-playlist.tsx"
import { PlaylistScreen } from "../../features/playlists/playlist-page.tsx"
import { likedSongsQuery } from "../../features/song/song-queries.ts"
import { useCurrentUser } from "../../lib/session.ts"

// Reporting loads for a signed-in visitor of someone else's playlist; its dialog opens on a press.
const ReportButton = lazy(() =>
  import("../../features/moderation/report-button.tsx").then((m) => ({ default: m.ReportButton })),
)

/** The songs one liked. */
const LikedSongs = () => {
  const liked = useQuery(likedSongsQuery)
  if (liked.isPending) return <PageSpinner />
  if (liked.isError) {
    return (
      <p className="text-center text-danger">Failed to fetch songs. Please refresh the page.</p>
    )
  }
  return <LikedPlaylist songs={liked.data} />
}

/** The built-in "Liked songs" is its viewer's own: a visitor signs in first. */
const Liked = () => {
  const { data: user, isPending } = useCurrentUser()
  const location = useLocation()
  if (isPending) return <PageSpinner label="Loading your session" />
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />
  return <LikedSongs />
}

/** /playlist/:id, and /playlist/liked; another playlist is drawn afresh, its player stopped. */
export const PlaylistRoute = () => {
  const id = useParams().id ?? ""
  const { data: user } = useCurrentUser()
  return id === "liked" ? (
    <Liked />
  ) : (
    <PlaylistScreen
      key={id}
      id={id}
      report={(playlist) =>
        user && (
          <Suspense fallback={null}>
            <ReportButton kind="playlist" id={playlist.id} name={playlist.name} />
          </Suspense>
        )
      }
    />
  )
}
