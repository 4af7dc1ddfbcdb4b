import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { Link } from "react-router"
import { SongGrid, type TimelineSong } from "../../components/song-grid.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { followingSongsQuery } from "./following-query.ts"

/** The Following tab for a signed-in person: the newest public songs of the people they follow. */
const FollowedSongs = ({ card }: { readonly card: (song: TimelineSong) => ReactNode }) => {
  const songs = useQuery(followingSongsQuery)
  if (songs.isPending) return <PageSpinner />
  if (songs.isError) {
    return (
      <p className="text-center text-danger">Failed to fetch songs. Please refresh the page.</p>
    )
  }
  if (songs.data.length === 0) {
    return (
      <p className="mx-auto max-w-md py-16 text-center text-muted">
        Nothing here yet: follow creators to see their new songs here.
      </p>
    )
  }
  return <SongGrid songs={songs.data} signedIn card={card} />
}

/** The Following tab: a visitor is asked to sign in first. */
export const FollowingList = ({
  signedIn,
  card,
}: {
  readonly signedIn: boolean
  readonly card: (song: TimelineSong) => ReactNode
}) =>
  signedIn ? (
    <FollowedSongs card={card} />
  ) : (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-muted">Sign in to see the new songs of creators you follow.</p>
      <Button asChild className="mt-6">
        <Link to="/auth">Sign in</Link>
      </Button>
    </div>
  )
