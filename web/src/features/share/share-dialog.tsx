import { Code, Copy, Share2 } from "lucide-react"
import type { ReactNode } from "react"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { copyEmbedCode } from "../../lib/copy-embed.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { ShareTrigger } from "./share-button.tsx"

const seconds = (song: SongView) => Math.round((song.duration || 30_000) / 1000)

/**
 * Preview a song (title, duration, and the screen's preview: cover and audio) and, for a public one, copy
 * its page's link. Open when it first shows: it is loaded by its button's first click (share-button.tsx).
 */
export const ShareDialog = ({
  song,
  preview,
}: {
  readonly song: SongView
  readonly preview: ReactNode
}) => {
  const link = `${window.location.origin}${songPaths.page(song.id)}`
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => toast({ title: "Link copied", description: link, variant: "success" }),
      () => toast({ title: "Copy failed", description: link, variant: "destructive" }),
    )
  // A phone's own share sheet where the browser has one (a closed sheet is no error); the clipboard
  // everywhere else.
  const canShare = typeof navigator.share === "function"
  const share = () =>
    navigator
      .share({ title: song.title, text: `${song.title} on Melody Studio`, url: link })
      .catch((error: Error) => {
        if (error.name !== "AbortError") void copy()
      })
  return (
    <Dialog defaultOpen>
      <DialogTrigger asChild>
        <ShareTrigger song={song} />
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{song.title}</DialogTitle>
        <DialogDescription>
          {seconds(song)} seconds · {song.style}
        </DialogDescription>
        <div className="mt-4 grid gap-4">
          {preview}
          {song.isPublic ? (
            <div className="grid gap-2">
              <div className="flex gap-2">
                <input
                  readOnly
                  value={link}
                  aria-label="Link to this song"
                  className="min-w-0 flex-1 rounded-xl border border-line bg-ink/60 px-3 text-sm text-muted"
                  onFocus={(event) => event.target.select()}
                />
                {canShare ? (
                  <Button size="sm" onClick={share}>
                    <Share2 className="h-4 w-4" aria-hidden /> Share link
                  </Button>
                ) : (
                  <Button size="sm" onClick={copy}>
                    <Copy className="h-4 w-4" aria-hidden /> Copy link
                  </Button>
                )}
              </div>
              <Button
                size="sm"
                variant="secondary"
                className="justify-self-start"
                onClick={() => copyEmbedCode(link)}
              >
                <Code className="h-4 w-4" aria-hidden /> Copy embed code
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted">Make the song public to share its page.</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
