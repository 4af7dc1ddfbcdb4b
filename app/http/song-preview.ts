import { Effect } from "effect"
import { songPaths } from "#events/contracts/catalog.ts"
import type { Catalog } from "#modules/catalog/index.ts"

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`,
  )

/**
 * OpenGraph and Twitter tags for a public song's page (/song/:id), so a shared link shows its title,
 * creator and cover where links are previewed. Private or unknown songs get the app's plain page.
 */
export const songPreviewHead =
  (catalog: Catalog["Type"], appUrl: string) =>
  (pathname: string): Effect.Effect<string | undefined> => {
    const id = /^\/song\/([0-9a-f-]{36})$/.exec(pathname)?.[1]
    if (id === undefined) return Effect.succeed(undefined)
    return Effect.map(catalog.publicSongPreview(id), (song) => {
      if (song === undefined) return undefined
      const by = song.creator.username ? ` by ${song.creator.username}` : ""
      const description = `${song.style}${by} on Melody Studio`
      const image = song.imageUrl ?? song.sourceImageUrl
      const tags = [
        `<title>${escapeHtml(song.title)} - Melody Studio</title>`,
        `<meta property="og:type" content="music.song">`,
        `<meta property="og:site_name" content="Melody Studio">`,
        `<meta property="og:title" content="${escapeHtml(song.title)}">`,
        `<meta property="og:description" content="${escapeHtml(description)}">`,
        `<meta property="og:url" content="${escapeHtml(appUrl + songPaths.page(song.id))}">`,
        `<meta property="og:audio" content="${escapeHtml(appUrl + song.audioUrl)}">`,
        `<meta property="og:audio:type" content="audio/mpeg">`,
        ...(image
          ? [
              `<meta property="og:image" content="${escapeHtml(image.startsWith("/") ? appUrl + image : image)}">`,
            ]
          : []),
        `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
        `<meta name="twitter:title" content="${escapeHtml(song.title)}">`,
        `<meta name="twitter:description" content="${escapeHtml(description)}">`,
        `<meta name="description" content="${escapeHtml(description)}">`,
      ]
      return tags.join("\n    ")
    }).pipe(Effect.orElseSucceed(() => undefined))
  }
