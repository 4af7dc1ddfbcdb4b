import { ListPlus } from "lucide-react"
import { lazy } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { SignedInOnly } from "../../components/ui/signed-in-only.tsx"

const AddToPlaylistDialog = lazy(() =>
  import("./add-to-playlist-dialog.tsx").then((m) => ({ default: m.AddToPlaylistDialog })),
)

/** The button that opens "Add to playlist", in a card's panel. */
export const AddToPlaylistTrigger = ({
  song,
  ...props
}: { readonly song: SongView } & Omit<Parameters<typeof Button>[0], "children">) => (
  <Button variant="ghost" size="sm" aria-label={`Add ${song.title} to a playlist`} {...props}>
    <ListPlus className="h-4 w-4" aria-hidden /> Add to playlist
  </Button>
)

/** Add a song to one's playlists, or to a new one; a visitor is asked to sign in. */
export const AddToPlaylist = ({
  song,
  signedIn,
}: {
  readonly song: SongView
  readonly signedIn: boolean
}) => (
  <SignedInOnly
    signedIn={signedIn}
    ask={{
      title: "Sign in to make playlists",
      description: "Create an account or sign in, then collect any public song in your playlists.",
    }}
    button={(props) => <AddToPlaylistTrigger song={song} {...props} />}
  >
    <AddToPlaylistDialog song={song} />
  </SignedInOnly>
)
