import { useQuery } from "@tanstack/react-query"
import { Check, Plus } from "lucide-react"
import { Link } from "react-router"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { toast } from "../../lib/toast/toast-store.ts"
import { AddToPlaylistTrigger } from "./add-to-playlist.tsx"
import { NewPlaylistForm } from "./new-playlist-form.tsx"
import { PlaylistCover } from "./playlist-cover.tsx"
import { myPlaylistsQuery, useSongInPlaylist } from "./playlist-queries.ts"

/** One's playlists, each adding the song or taking it out with a click; and a new one. */
export const AddToPlaylistDialog = ({ song }: { readonly song: SongView }) => {
  const lists = useQuery(myPlaylistsQuery(song.id))
  const change = useSongInPlaylist()
  return (
    <Dialog defaultOpen>
      <DialogTrigger asChild>
        <AddToPlaylistTrigger song={song} />
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Add to playlist</DialogTitle>
        <DialogDescription>
          Put {song.title} in your playlists, or start a new one.
        </DialogDescription>
        <div className="mt-4 grid gap-4">
          {lists.isPending && <p className="text-sm text-muted">Loading your playlists…</p>}
          {lists.isError && (
            <p className="text-sm text-danger">Failed to fetch your playlists. Please try again.</p>
          )}
          {lists.data && lists.data.length > 0 && (
            <ul aria-label="Your playlists" className="grid max-h-72 gap-1 overflow-y-auto">
              {lists.data.map((list) => (
                <li key={list.id} className="flex items-center gap-3 rounded-xl px-2 py-1.5">
                  <PlaylistCover covers={list.covers} name={list.name} className="h-10 w-10" />
                  <div className="min-w-0 flex-1">
                    <Link
                      to={playlistPaths.page(list.id)}
                      className="block truncate text-sm hover:underline"
                    >
                      {list.name}
                    </Link>
                    <p className="text-xs text-faint">
                      {list.songs === 1 ? "1 song" : `${list.songs} songs`}
                      {list.isPublic ? "" : " · Private"}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant={list.hasSong ? "secondary" : "primary"}
                    aria-pressed={list.hasSong}
                    aria-label={`${list.hasSong ? "Remove from" : "Add to"} ${list.name}`}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({ id: list.id, songId: song.id, add: !list.hasSong })
                    }
                  >
                    {list.hasSong ? (
                      <Check className="h-4 w-4" aria-hidden />
                    ) : (
                      <Plus className="h-4 w-4" aria-hidden />
                    )}
                    {list.hasSong ? "Added" : "Add"}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <NewPlaylistForm
            songId={song.id}
            button="Create"
            made={() =>
              toast({ title: "Playlist created", description: `${song.title} is its first song.` })
            }
          />
        </div>
      </DialogContent>
    </Dialog>
  )
}
