import { useInfiniteQuery } from "@tanstack/react-query"
import { Sparkles } from "lucide-react"
import type { ReactNode } from "react"
import { Link, useSearchParams } from "react-router"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"
import { ScrollToTop } from "../../components/scroll-to-top.tsx"
import type { TimelineSong } from "../../components/song-grid.tsx"
import { Button } from "../../components/ui/button.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { FollowingList } from "./following-list.tsx"
import { PagedSongs } from "./paged-songs.tsx"
import { newestQuery, timelineQuery, trendingQuery } from "./timeline-query.ts"
import { TimelineTabs, timelineTabOf } from "./timeline-tabs.tsx"

export type { TimelineSong }

const songsOfPage = (page: PublicSongs) => page.songs
const songsAsThey = (songs: ReadonlyArray<SongView>) => songs

type ListProps = { readonly signedIn: boolean; readonly card: (song: TimelineSong) => ReactNode }

/** The spec's timeline: public songs, most liked first, 20 at a time as the reader scrolls. */
const MostLiked = (props: ListProps) => (
  <PagedSongs query={useInfiniteQuery(timelineQuery)} songsOf={songsOfPage} {...props} />
)

const Newest = (props: ListProps) => (
  <PagedSongs query={useInfiniteQuery(newestQuery)} songsOf={songsAsThey} {...props} />
)

const Trending = (props: ListProps) => (
  <PagedSongs query={useInfiniteQuery(trendingQuery)} songsOf={songsAsThey} {...props} />
)

/** What each list puts first. */
const firstOf = {
  liked: "the most liked",
  trending: "the most liked and played this week",
  newest: "the newest",
  following: "the newest",
} as const

/** /timeline: public songs, most liked first (or newest, or of the creators one follows); readable without an account. */
export const TimelinePage = ({
  card,
}: {
  /** A song's card (the route composes it). */
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const { data: user } = useCurrentUser()
  const [search] = useSearchParams()
  const tab = timelineTabOf(search)
  const signedIn = Boolean(user)
  return (
    <section className="mx-auto max-w-6xl animate-rise space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Public timeline
          </h1>
          <p className="mt-2 text-muted">Songs people made and shared, {firstOf[tab]} first.</p>
        </div>
        <Button asChild>
          <Link to="/chat">
            <Sparkles className="h-4 w-4" aria-hidden /> Create Your Song
          </Link>
        </Button>
      </header>
      <TimelineTabs current={tab} />
      {tab === "following" ? (
        <FollowingList signedIn={signedIn} card={card} />
      ) : tab === "newest" ? (
        <Newest signedIn={signedIn} card={card} />
      ) : tab === "trending" ? (
        <Trending signedIn={signedIn} card={card} />
      ) : (
        <MostLiked signedIn={signedIn} card={card} />
      )}
      <ScrollToTop />
    </section>
  )
}
