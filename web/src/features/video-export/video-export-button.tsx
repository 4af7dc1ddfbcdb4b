import { Film } from "lucide-react"
import { lazy } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { SignedInOnly } from "../../components/ui/signed-in-only.tsx"

const VideoExportDialog = lazy(() =>
  import("./video-export-dialog.tsx").then((m) => ({ default: m.VideoExportDialog })),
)

/** The button that opens a song's video export, in every list and on the song's page. */
export const VideoTrigger = ({
  song,
  ...props
}: { readonly song: SongView } & Omit<Parameters<typeof Button>[0], "children">) => (
  <Button variant="ghost" size="sm" aria-label={`Export ${song.title} as a video`} {...props}>
    <Film className="h-4 w-4" aria-hidden /> Video
  </Button>
)

/**
 * A song's video export: a visitor is asked to sign in; a signed-in person's first click loads the
 * dialog (and what it needs) and opens it, and it stays, so an export goes on while it is closed.
 */
export const VideoExportButton = ({
  song,
  signedIn,
}: {
  readonly song: SongView
  readonly signedIn: boolean
}) => (
  <SignedInOnly
    signedIn={signedIn}
    ask={{
      title: "Sign in to export videos",
      description: "Create an account or sign in, then turn any song into a video.",
    }}
    button={(props) => <VideoTrigger song={song} {...props} />}
  >
    <VideoExportDialog song={song} />
  </SignedInOnly>
)
