import { Code, Copy } from "lucide-react"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import { Button } from "../../components/ui/button.tsx"
import { copyEmbedCode } from "../../lib/copy-embed.ts"
import { toast } from "../../lib/toast/toast-store.ts"

/** A public playlist's link, and its player for other sites, each copied with a click. */
export const PlaylistShare = ({ id }: { readonly id: string }) => {
  // Read at the click: the page may be drawn on the server, which has no address of its own.
  const linkOf = () => `${window.location.origin}${playlistPaths.page(id)}`
  const copyLink = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => toast({ title: "Link copied", description: link, variant: "success" }),
      () => toast({ title: "Copy failed", description: link, variant: "destructive" }),
    )
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => void copyLink(linkOf())}>
        <Copy className="h-4 w-4" aria-hidden /> Copy link
      </Button>
      <Button variant="ghost" size="sm" onClick={() => copyEmbedCode(linkOf())}>
        <Code className="h-4 w-4" aria-hidden /> Copy embed code
      </Button>
    </>
  )
}
