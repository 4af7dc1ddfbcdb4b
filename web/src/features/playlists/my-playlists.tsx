import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "react-router"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import { NewPlaylistForm } from "./new-playlist-form.tsx"
import { myPlaylistsQuery } from "./playlist-queries.ts"
import { PlaylistTiles } from "./playlist-tiles.tsx"

/** A new, empty playlist by its name; its page opens once it is made. */
const NewPlaylist = () => {
  const navigate = useNavigate()
  return (
    <li className="w-44 shrink-0">
      <NewPlaylistForm
        button="New playlist"
        stacked
        made={(id) => void navigate(playlistPaths.page(id))}
      />
    </li>
  )
}

/** The library's playlists: "Liked songs", one's own, and a new one. */
export const MyPlaylists = () => {
  const lists = useQuery(myPlaylistsQuery())
  return (
    <section aria-labelledby="my-playlists" className="space-y-3">
      <h2 id="my-playlists" className="font-display text-xl font-semibold">
        Playlists
      </h2>
      {lists.isError ? (
        <p className="text-sm text-danger">
          Failed to fetch your playlists. Please refresh the page.
        </p>
      ) : (
        <PlaylistTiles
          label="Your playlists"
          lists={lists.data ?? []}
          liked
          extra={<NewPlaylist />}
        />
      )}
    </section>
  )
}
