import { Share2 } from "lucide-react"
import { lazy, Suspense, useState } from "react"
import type { SongView } from "#modules/catalog/api.ts"
import { Button } from "../ui/button.tsx"

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

/**
 * A song's share and preview: the first click loads the dialog (and the dialog code every page's first
 * load would otherwise carry) and opens it; it then stays, opened by its own trigger.
 */
export const ShareButton = ({ song }: { readonly song: SongView }) => {
  const [wanted, setWanted] = useState(false)
  if (!wanted) return <ShareTrigger song={song} onClick={() => setWanted(true)} />
  return (
    <Suspense fallback={<ShareTrigger song={song} disabled />}>
      <ShareDialog song={song} />
    </Suspense>
  )
}
