import { callApi } from "./api.ts"
import { toast } from "./toast/toast-store.ts"

/**
 * Copies the player other sites may frame for a public page (a song's or a playlist's), as the server's
 * oEmbed answer gives it to any site that asks. Handed to the clipboard at the click, as a promise: a
 * browser that allows writing only during the click itself (Safari) still takes it once the answer arrives.
 */
export const copyEmbedCode = (pageUrl: string) => {
  const html = callApi((api) => api.embeds.oembed({ urlParams: { url: pageUrl } })).then(
    (embed) => embed.html,
  )
  const written =
    typeof ClipboardItem === "function"
      ? navigator.clipboard.write([
          new ClipboardItem({
            "text/plain": html.then((text) => new Blob([text], { type: "text/plain" })),
          }),
        ])
      : html.then((text) => navigator.clipboard.writeText(text))
  void written.then(
    () =>
      toast({
        title: "Embed code copied",
        description: "Paste it into your site's HTML.",
        variant: "success",
      }),
    () => toast({ title: "Copy failed", description: "Please try again.", variant: "destructive" }),
  )
}
