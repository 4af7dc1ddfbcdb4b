import { ChevronDown, ChevronUp, GripVertical, Pause, Play, X } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { CreatorLink } from "../../components/creator-link.tsx"
import { cn } from "../../lib/cn.ts"
import { formatSeconds } from "../../lib/format-seconds.ts"
import type { ListPlayer } from "./use-list-player.ts"

/** The list's order with the song at `from` moved to `to`. */
export const moved = (ids: ReadonlyArray<string>, from: number, to: number) => {
  const next = [...ids]
  const [song] = next.splice(from, 1)
  next.splice(to, 0, song!)
  return next
}

/** What the owner may do to the list's order and songs; undefined for anyone else. */
export interface TrackChanges {
  readonly reorder: (songIds: ReadonlyArray<string>) => void
  readonly remove: (song: SongView) => void
  readonly busy: boolean
}

const iconButton =
  "grid h-8 w-8 place-items-center rounded-lg text-muted transition hover:bg-line/60 hover:text-text disabled:opacity-30"

/**
 * A playlist's songs in order: each plays from there; for its owner each moves up and down (buttons for
 * the keyboard, or dragged by its handle) and comes out of the list.
 */
export const PlaylistTracks = ({
  songs,
  player,
  changes,
}: {
  readonly songs: ReadonlyArray<SongView>
  readonly player: ListPlayer
  readonly changes: TrackChanges | undefined
}) => {
  const [dragged, setDragged] = useState<number | null>(null)
  const ids = songs.map((song) => song.id)
  const move = (from: number, to: number) => {
    if (changes && to >= 0 && to < songs.length && from !== to)
      changes.reorder(moved(ids, from, to))
  }
  return (
    <ol aria-label="Songs" className="divide-y divide-line/60 rounded-2xl border border-line/60">
      {songs.map((song, index) => {
        const playing = player.current?.id === song.id && player.isPlaying
        return (
          <li
            key={song.id}
            draggable={changes !== undefined}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => dragged !== null && event.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, index)
              setDragged(null)
            }}
            onDragEnd={() => setDragged(null)}
            className={cn(
              "flex items-center gap-3 px-3 py-2",
              player.current?.id === song.id && "bg-stage/10",
              dragged === index && "opacity-50",
            )}
          >
            {changes && (
              <GripVertical className="h-4 w-4 shrink-0 cursor-grab text-faint" aria-hidden />
            )}
            <span className="w-6 text-right text-xs tabular-nums text-faint">{index + 1}</span>
            <button
              type="button"
              className={iconButton}
              aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`}
              onClick={() =>
                player.current?.id === song.id ? player.toggle() : player.playFrom(index)
              }
            >
              {playing ? (
                <Pause className="h-4 w-4" aria-hidden />
              ) : (
                <Play className="h-4 w-4" aria-hidden />
              )}
            </button>
            <div className="min-w-0 flex-1">
              <Link
                to={songPaths.page(song.id)}
                className="block truncate text-sm font-medium hover:underline"
              >
                {song.title}
              </Link>
              <p className="truncate text-xs text-muted">
                <CreatorLink username={song.creator.username} />
                {song.isPublic ? "" : " · Private"}
              </p>
            </div>
            <span className="text-xs tabular-nums text-faint">
              {formatSeconds(song.duration / 1000)}
            </span>
            {changes && (
              <div className="flex">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move ${song.title} up`}
                  disabled={changes.busy || index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ChevronUp className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Move ${song.title} down`}
                  disabled={changes.busy || index === songs.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ChevronDown className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Remove ${song.title} from the playlist`}
                  disabled={changes.busy}
                  onClick={() => changes.remove(song)}
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </div>
            )}
          </li>
        )
      })}
    </ol>
  )
}
