import { Share2 } from "lucide-react"
import { lazy, type ReactNode } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { LoadsOnFirstClick } from "../../components/ui/loads-on-first-click.tsx"

const ShareDialog = lazy(() =>
  import("./share-dialog.tsx").then((m) => ({ default: m.ShareDialog })),
)

/** The button that opens a song's share dialog, on every song card. */
export const ShareTrigger = ({
  song,
  ...props
}: { readonly song: SongView } & Omit<Parameters<typeof Button>[0], "children">) => (
  <Button variant="ghost" size="sm" aria-label={`Share or preview ${song.title}`} {...props}>
    <Share2 className="h-4 w-4" aria-hidden /> Share
  </Button>
)

/** A song's share and preview (the screen brings the preview), loaded by its button's first click. */
export const ShareButton = ({
  song,
  preview,
}: {
  readonly song: SongView
  readonly preview: ReactNode
}) => (
  <LoadsOnFirstClick button={(props) => <ShareTrigger song={song} {...props} />}>
    <ShareDialog song={song} preview={preview} />
  </LoadsOnFirstClick>
)
