import { useQuery } from "@tanstack/react-query"
import { Fragment, type ReactNode, useMemo, useState } from "react"
import { Link } from "react-router"
import type { SongView } from "#projections/songs/api.ts"
import { filterTags, styleTags } from "#projections/songs/api-style-tags.ts"
import { EmptyState } from "../../components/empty-state.tsx"
import { PlayerList, playerSongOf } from "../../components/player/use-player.ts"
import { ScrollToTop } from "../../components/scroll-to-top.tsx"
import { Button } from "../../components/ui/button.tsx"
import { FilterChips, toggled, withAnyTag } from "../../components/ui/filter-chips.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { mySongsQuery } from "../../lib/song-cache.ts"
import { LibraryDownload } from "./library-download.tsx"
import { familiesOf, familySizes } from "./song-families.ts"

/** Chips shown before 'Show More (N)'. */
const chipsShown = 20

const songTags = (song: SongView) => filterTags(styleTags(song.style))

/** Every tag of the songs, the most common first (ties alphabetical). */
const chipsOf = (songs: ReadonlyArray<SongView>) => {
  const counts = new Map<string, number>()
  for (const song of songs) {
    for (const tag of new Set(songTags(song))) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag)
}

/** What one of my songs' cards is drawn from. */
export interface LibrarySong {
  readonly song: SongView
  readonly selected: ReadonlySet<string>
  readonly onToggleTag: (tag: string) => void
  /** Shows the song's family alone, when it has one. */
  readonly family: ReactNode
  /** How many other versions of its generation are in the library. */
  readonly otherVersions: number
}

/** /library: my songs, filtered by their style tags. */
export const LibraryPage = ({
  card,
  playlists,
}: {
  /** My playlists (the route composes them). */
  readonly playlists: ReactNode
  /** A song's card (the route composes it). */
  readonly card: (song: LibrarySong) => ReactNode
}) => {
  const songs = useQuery(mySongsQuery)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const toggle = (tag: string) => setSelected((current) => toggled(current, tag))
  const chips = useMemo(() => chipsOf(songs.data ?? []), [songs.data])
  const families = useMemo(() => familiesOf(songs.data ?? []), [songs.data])
  const sizes = useMemo(() => familySizes(families), [families])
  // The family shown alone, by its first song's id.
  const [family, setFamily] = useState<string | null>(null)

  if (songs.isPending) return <PageSpinner />
  if (songs.isError) {
    return (
      <p className="text-center text-danger">
        Your songs could not be loaded. Please refresh the page.
      </p>
    )
  }
  const tagged = withAnyTag(songs.data, selected, songTags)
  const shown = family === null ? tagged : tagged.filter((song) => families.get(song.id) === family)
  const familyButton = (songId: string) => {
    const root = families.get(songId) ?? songId
    const size = sizes.get(root) ?? 1
    return size > 1 && family === null ? (
      <Button size="sm" variant="ghost" onClick={() => setFamily(root)}>
        Family ({size})
      </Button>
    ) : null
  }
  const familyTitle = songs.data.find((song) => song.id === family)?.title

  return (
    <section className="mx-auto max-w-6xl animate-rise space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">My Songs</h1>
          <p className="mt-2 text-muted">Every song you made, public or private.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {songs.data.length > 0 && <LibraryDownload />}
          <Button asChild variant="secondary">
            <Link to="/timeline">Public timeline</Link>
          </Button>
        </div>
      </header>
      {playlists}
      {songs.data.length === 0 ? (
        <EmptyState text="Your song collection is empty. Start creating songs to see them here!" />
      ) : (
        <>
          <FilterChips
            chips={chips}
            selected={selected}
            onToggle={toggle}
            shown={chipsShown}
            label="Filter by style"
          />
          {family !== null && (
            <p className="flex flex-wrap items-center gap-3 text-sm text-muted" role="status">
              The family of “{familyTitle ?? "a song"}”: the song and everything made from it.
              <Button size="sm" variant="secondary" onClick={() => setFamily(null)}>
                Show all songs
              </Button>
            </p>
          )}
          {shown.length === 0 ? (
            <EmptyState text="No songs available in the selected categories." />
          ) : (
            <PlayerList value={shown.map(playerSongOf)}>
              <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((song) => (
                  <Fragment key={song.id}>
                    {card({
                      song,
                      selected,
                      onToggleTag: toggle,
                      family: familyButton(song.id),
                      otherVersions: songs.data.filter(
                        (other) =>
                          song.taskId !== null &&
                          other.taskId === song.taskId &&
                          other.id !== song.id,
                      ).length,
                    })}
                  </Fragment>
                ))}
              </div>
            </PlayerList>
          )}
        </>
      )}
      <ScrollToTop />
    </section>
  )
}
