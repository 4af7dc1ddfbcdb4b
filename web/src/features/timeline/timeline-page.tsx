import { useInfiniteQuery } from "@tanstack/react-query"
import { Sparkles } from "lucide-react"
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from "react"
import { Link } from "react-router"
import type { SongView } from "#projections/songs/api.ts"
import { filterTags, styleTags } from "#projections/songs/api-style-tags.ts"
import { EmptyState } from "../../components/empty-state.tsx"
import { ScrollToTop } from "../../components/scroll-to-top.tsx"
import { Button } from "../../components/ui/button.tsx"
import { FilterChips, toggled, withAnyTag } from "../../components/ui/filter-chips.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { timelineQuery } from "./timeline-query.ts"

/** Cards a phone sees before scrolling: their covers are asked for at once, the rest when near. */
const eagerCovers = 2

/** Later pages load when the end of the list comes within this much of the screen. */
const scrollMargin = "0px 0px 800px 0px"

/** Pages put together, each song once (spec: later pages append de-duplicated by id). */
const uniqueSongs = (pages: ReadonlyArray<{ readonly songs: ReadonlyArray<SongView> }>) => {
  const seen = new Set<string>()
  return pages.flatMap((page) =>
    page.songs.filter((song) => !seen.has(song.id) && seen.add(song.id)),
  )
}

/** The genres of the songs loaded so far, alphabetical, with whatever is selected. */
const genreChips = (songs: ReadonlyArray<SongView>, selected: ReadonlySet<string>) =>
  [...new Set([...songs.flatMap((song) => styleTags(song.style).genres), ...selected])].sort()

const songTags = (song: SongView) => filterTags(styleTags(song.style))

/** What a song's card on the timeline is drawn from. */
export interface TimelineSong {
  readonly song: SongView
  readonly signedIn: boolean
  readonly selected: ReadonlySet<string>
  readonly onToggleTag: (tag: string) => void
  /** Among the first a phone sees. */
  readonly priority: boolean
}

/** /timeline: public songs, most liked first; readable without an account. */
export const TimelinePage = ({
  card,
}: {
  /** A song's card (the route composes it). */
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const { data: user } = useCurrentUser()
  const timeline = useInfiniteQuery(timelineQuery)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const toggle = (tag: string) => setSelected((current) => toggled(current, tag))
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
  const shown = withAnyTag(songs, selected, songTags)

  return (
    <section className="mx-auto max-w-6xl animate-rise space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Public timeline
          </h1>
          <p className="mt-2 text-muted">Songs people made and shared, the most liked first.</p>
        </div>
        <Button asChild>
          <Link to="/chat">
            <Sparkles className="h-4 w-4" aria-hidden /> Create Your Song
          </Link>
        </Button>
      </header>
      {songs.length === 0 ? (
        <EmptyState text="No public songs available yet. Be the first to share your creation!" />
      ) : (
        <>
          <FilterChips
            chips={genreChips(songs, selected)}
            selected={selected}
            onToggle={toggle}
            label="Filter by genre"
          />
          {shown.length === 0 ? (
            <EmptyState text="No songs available in the selected categories." />
          ) : (
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((song, index) => (
                <Fragment key={song.id}>
                  {card({
                    song,
                    signedIn: Boolean(user),
                    selected,
                    onToggleTag: toggle,
                    priority: index < eagerCovers,
                  })}
                </Fragment>
              ))}
            </div>
          )}
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
      )}
      <ScrollToTop />
    </section>
  )
}
