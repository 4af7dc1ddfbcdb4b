import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query"
import { type ReactNode, useEffect, useMemo, useRef } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { EmptyState } from "../../components/empty-state.tsx"
import { SongGrid, type TimelineSong } from "../../components/song-grid.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"

/** Later pages load when the end of the list comes within this much of the screen. */
const scrollMargin = "0px 0px 800px 0px"

/** Pages put together, each song once (spec: later pages append de-duplicated by id). */
const uniqueSongs = (pages: ReadonlyArray<ReadonlyArray<SongView>>) => {
  const seen = new Set<string>()
  return pages.flatMap((songs) => songs.filter((song) => !seen.has(song.id) && seen.add(song.id)))
}

/** A list of public songs read a page at a time, the next page as the reader nears its end. */
export const PagedSongs = <Page,>({
  query,
  songsOf,
  signedIn,
  card,
}: {
  readonly query: UseInfiniteQueryResult<InfiniteData<Page>>
  readonly songsOf: (page: Page) => ReadonlyArray<SongView>
  readonly signedIn: boolean
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const end = useRef<HTMLDivElement>(null)
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const songs = useMemo(() => uniqueSongs((data?.pages ?? []).map(songsOf)), [data, songsOf])

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

  if (query.isPending) return <PageSpinner />
  if (query.isError) {
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
