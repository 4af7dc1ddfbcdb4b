import { useInfiniteQuery } from "@tanstack/react-query"
import { Sparkles } from "lucide-react"
import { type ReactNode, useEffect, useMemo, useRef } from "react"
import { Link, useSearchParams } from "react-router"
import type { SongView } from "#projections/songs/api.ts"
import { EmptyState } from "../../components/empty-state.tsx"
import { ScrollToTop } from "../../components/scroll-to-top.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { FollowingList } from "./following-list.tsx"
import { SongGrid, type TimelineSong } from "./song-grid.tsx"
import { timelineQuery } from "./timeline-query.ts"
import { TimelineTabs, timelineTabOf } from "./timeline-tabs.tsx"

/** Later pages load when the end of the list comes within this much of the screen. */
const scrollMargin = "0px 0px 800px 0px"

/** Pages put together, each song once (spec: later pages append de-duplicated by id). */
const uniqueSongs = (pages: ReadonlyArray<{ readonly songs: ReadonlyArray<SongView> }>) => {
  const seen = new Set<string>()
  return pages.flatMap((page) =>
    page.songs.filter((song) => !seen.has(song.id) && seen.add(song.id)),
  )
}

export type { TimelineSong }

/** /timeline: public songs, most liked first; readable without an account. */
export const TimelinePage = ({
  card,
}: {
  /** A song's card (the route composes it). */
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const { data: user } = useCurrentUser()
  const [search] = useSearchParams()
  const tab = timelineTabOf(search)
  return (
    <section className="mx-auto max-w-6xl animate-rise space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Public timeline
          </h1>
          <p className="mt-2 text-muted">
            {tab === "following"
              ? "The newest songs of the creators you follow."
              : "Songs people made and shared, the most liked first."}
          </p>
        </div>
        <Button asChild>
          <Link to="/chat">
            <Sparkles className="h-4 w-4" aria-hidden /> Create Your Song
          </Link>
        </Button>
      </header>
      <TimelineTabs current={tab} />
      {tab === "following" ? (
        <FollowingList signedIn={Boolean(user)} card={card} />
      ) : (
        <MostLiked signedIn={Boolean(user)} card={card} />
      )}
      <ScrollToTop />
    </section>
  )
}

/** The spec's timeline: public songs, most liked first, 20 at a time as the reader scrolls. */
const MostLiked = ({
  signedIn,
  card,
}: {
  readonly signedIn: boolean
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const timeline = useInfiniteQuery(timelineQuery)
  const end = useRef<HTMLDivElement>(null)
  const songs = useMemo(() => uniqueSongs(timeline.data?.pages ?? []), [timeline.data])
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = timeline

  useEffect(() => {
    const marker = end.current
    if (!marker) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: scrollMargin, threshold: 0.01 },
    )
    observer.observe(marker)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  if (timeline.isPending) return <PageSpinner />
  if (timeline.isError) {
    return (
      <p className="text-center text-danger">Failed to fetch songs. Please refresh the page.</p>
    )
  }
  if (songs.length === 0) {
    return <EmptyState text="No public songs available yet. Be the first to share your creation!" />
  }
  return (
    <>
      <SongGrid songs={songs} signedIn={signedIn} card={card} />
      <div ref={end} className="flex flex-col items-center gap-3 py-8 text-sm text-muted">
        {isFetchingNextPage ? (
          <p className="flex items-center gap-2">
            <Spinner className="h-4 w-4" /> Loading more songs...
          </p>
        ) : hasNextPage ? (
          <p className="flex items-center gap-3">
            Scroll for more songs or
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              Load More Songs
            </Button>
          </p>
        ) : (
          <p>No more songs to load</p>
        )}
      </div>
    </>
  )
}
