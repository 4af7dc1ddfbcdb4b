import { useQuery } from "@tanstack/react-query"
import { Plus } from "lucide-react"
import { type FormEvent, useState } from "react"
import { useNavigate } from "react-router"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { myPlaylistsQuery, useNewPlaylist } from "./playlist-queries.ts"
import { PlaylistTiles } from "./playlist-tiles.tsx"

/** A new, empty playlist by its name; its page opens once it is made. */
const NewPlaylist = () => {
  const navigate = useNavigate()
  const [name, setName] = useState("")
  const create = useNewPlaylist((id) => void navigate(playlistPaths.page(id)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() !== "") create.mutate({ name })
  }
  return (
    <li className="w-44 shrink-0">
      <form onSubmit={submit} className="grid gap-2">
        <Input
          aria-label="New playlist's name"
          placeholder="New playlist"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          disabled={create.isPending || name.trim() === ""}
        >
          <Plus className="h-4 w-4" aria-hidden /> New playlist
        </Button>
      </form>
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
