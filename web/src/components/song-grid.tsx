import { Fragment, type ReactNode, useMemo, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { filterTags, styleTags } from "#projections/songs/api-style-tags.ts"
import { EmptyState } from "./empty-state.tsx"
import { PlayerList, playerSongOf } from "./player/use-player.ts"
import { FilterChips, toggled, withAnyTag } from "./ui/filter-chips.tsx"

/** Cards a phone sees before scrolling: their covers are asked for at once, the rest when near. */
const eagerCovers = 2

/** The genres of the songs shown, alphabetical, with whatever is selected. */
const genreChips = (songs: ReadonlyArray<SongView>, selected: ReadonlySet<string>) =>
  [...new Set([...songs.flatMap((song) => styleTags(song.style).genres), ...selected])].sort()

const songTags = (song: SongView) => filterTags(styleTags(song.style))

/** What a song's card in a list of public songs is drawn from. */
export interface TimelineSong {
  readonly song: SongView
  readonly signedIn: boolean
  readonly selected: ReadonlySet<string>
  readonly onToggleTag: (tag: string) => void
  /** Among the first a phone sees. */
  readonly priority: boolean
}

/** Public songs as cards, narrowed by the genre chips above them; a card's play plays the cards shown from it. */
export const SongGrid = ({
  songs,
  signedIn,
  card,
}: {
  readonly songs: ReadonlyArray<SongView>
  readonly signedIn: boolean
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const toggle = (tag: string) => setSelected((current) => toggled(current, tag))
  const shown = useMemo(() => withAnyTag(songs, selected, songTags), [songs, selected])
  const list = useMemo(() => shown.map(playerSongOf), [shown])
  return (
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
        <PlayerList value={list}>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((song, index) => (
              <Fragment key={song.id}>
                {card({
                  song,
                  signedIn,
                  selected,
                  onToggleTag: toggle,
                  priority: index < eagerCovers,
                })}
              </Fragment>
            ))}
          </div>
        </PlayerList>
      )}
    </>
  )
}
