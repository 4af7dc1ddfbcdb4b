import type { ReactNode } from "react"
import { Link } from "react-router"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import type { PlaylistSummary } from "#projections/playlists/api.ts"
import { PlaylistCover } from "./playlist-cover.tsx"

/** A playlist in a row of them: its cover, name and size, opening its page. */
const Tile = ({
  to,
  name,
  covers,
  detail,
}: {
  readonly to: string
  readonly name: string
  readonly covers: ReadonlyArray<string>
  readonly detail: string
}) => (
  <li>
    <Link to={to} className="group block w-36 space-y-2">
      <PlaylistCover
        covers={covers}
        name={name}
        className="aspect-square w-36 transition group-hover:brightness-110"
      />
      <p className="truncate text-sm font-medium group-hover:underline">{name}</p>
      <p className="truncate text-xs text-faint">{detail}</p>
    </Link>
  </li>
)

const sizeOf = (list: PlaylistSummary) =>
  `${list.songs === 1 ? "1 song" : `${list.songs} songs`}${list.isPublic ? "" : " · Private"}`

/** Playlists side by side, "Liked songs" first where given, then what `extra` adds. */
export const PlaylistTiles = ({
  label,
  lists,
  liked = false,
  extra,
}: {
  readonly label: string
  readonly lists: ReadonlyArray<PlaylistSummary>
  readonly liked?: boolean
  readonly extra?: ReactNode
}) => (
  <ul aria-label={label} className="flex gap-4 overflow-x-auto pb-2">
    {liked && (
      <Tile to={playlistPaths.liked} name="Liked songs" covers={[]} detail="Songs you liked" />
    )}
    {lists.map((list) => (
      <Tile
        key={list.id}
        to={playlistPaths.page(list.id)}
        name={list.name}
        covers={list.covers}
        detail={sizeOf(list)}
      />
    ))}
    {extra}
  </ul>
)
