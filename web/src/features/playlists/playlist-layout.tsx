import { Play, Shuffle } from "lucide-react"
import type { ReactNode } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PlaylistCover } from "./playlist-cover.tsx"
import { PlaylistTracks, type TrackChanges } from "./playlist-tracks.tsx"
import { useListPlayer } from "./use-list-player.ts"

/** A list's length: "1 song, 3 min", "24 songs, 1 h 12 min". */
const lengthOf = (songs: ReadonlyArray<SongView>) => {
  const minutes = Math.round(songs.reduce((sum, song) => sum + song.duration, 0) / 60_000)
  const time =
    minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`
  return `${songs.length === 1 ? "1 song" : `${songs.length} songs`}, ${time}`
}

/** A playlist's page: its cover, name and words, play all and shuffle, its songs, and what is playing. */
export const PlaylistLayout = ({
  name,
  description,
  byline,
  isPublic,
  covers,
  songs,
  actions,
  changes,
  empty = "No songs yet. Add one from any song's More menu.",
}: {
  readonly name: string
  readonly description: string
  readonly byline: ReactNode
  readonly isPublic: boolean
  readonly covers: ReadonlyArray<string>
  readonly songs: ReadonlyArray<SongView>
  readonly actions?: ReactNode
  readonly changes?: TrackChanges | undefined
  /** What an empty list says. */
  readonly empty?: string
}) => {
  const player = useListPlayer(songs)
  return (
    <section className="mx-auto max-w-4xl animate-rise space-y-8">
      <header className="flex flex-wrap items-end gap-6">
        <PlaylistCover covers={covers} name={name} className="h-40 w-40 sm:h-48 sm:w-48" />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wider text-faint uppercase">
            Playlist {!isPublic && <Badge>Private</Badge>}
          </p>
          <h1 className="break-words font-display text-3xl font-bold tracking-tight">{name}</h1>
          {description !== "" && (
            <p className="whitespace-pre-line break-words text-muted">{description}</p>
          )}
          <p className="text-sm text-muted">
            {byline} · {lengthOf(songs)}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={player.playAll} disabled={songs.length === 0}>
              <Play className="h-4 w-4" aria-hidden /> Play all
            </Button>
            <Button variant="secondary" onClick={player.shuffle} disabled={songs.length === 0}>
              <Shuffle className="h-4 w-4" aria-hidden /> Shuffle
            </Button>
            {actions}
          </div>
        </div>
      </header>
      {songs.length === 0 ? (
        <p className="py-12 text-center text-muted">{empty}</p>
      ) : (
        <PlaylistTracks songs={songs} player={player} changes={changes} />
      )}
    </section>
  )
}
