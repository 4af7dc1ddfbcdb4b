import { Effect } from "effect"
import { songPaths } from "#events/contracts/catalog.ts"
import type { Catalog } from "#modules/catalog/index.ts"

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`,
  )

/** Seconds as ISO 8601, as schema.org durations are written: PT3M5S. */
const isoDuration = (ms: number) => {
  const seconds = Math.round(ms / 1000)
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`
}

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")

/**
 * The head of a public song's page (/song/:id): its canonical address, OpenGraph and Twitter tags so a
 * shared link shows its title, creator and cover where links are previewed, and a schema.org
 * `MusicRecording` for search engines. Private or unknown songs get the app's plain page.
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
      const absoluteImage = image && (image.startsWith("/") ? appUrl + image : image)
      const page = appUrl + songPaths.page(song.id)
      const recording = {
        "@context": "https://schema.org",
        "@type": "MusicRecording",
        name: song.title,
        url: page,
        genre: song.style,
        duration: isoDuration(song.duration),
        datePublished: song.createdAt.toISOString(),
        ...(song.creator.username
          ? { byArtist: { "@type": "Person", name: song.creator.username } }
          : {}),
        ...(absoluteImage ? { image: absoluteImage } : {}),
        audio: {
          "@type": "AudioObject",
          contentUrl: appUrl + song.audioUrl,
          encodingFormat: "audio/mpeg",
        },
        interactionStatistic: {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/LikeAction",
          userInteractionCount: song.likes,
        },
      }
      const tags = [
        `<link rel="canonical" href="${escapeHtml(page)}">`,
        `<script type="application/ld+json">${scriptJson(recording)}</script>`,
        `<title>${escapeHtml(song.title)} - Melody Studio</title>`,
        `<meta property="og:type" content="music.song">`,
        `<meta property="og:site_name" content="Melody Studio">`,
        `<meta property="og:title" content="${escapeHtml(song.title)}">`,
        `<meta property="og:description" content="${escapeHtml(description)}">`,
        `<meta property="og:url" content="${escapeHtml(page)}">`,
        `<meta property="og:audio" content="${escapeHtml(appUrl + song.audioUrl)}">`,
        `<meta property="og:audio:type" content="audio/mpeg">`,
        ...(absoluteImage
          ? [`<meta property="og:image" content="${escapeHtml(absoluteImage)}">`]
          : []),
        `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
        `<meta name="twitter:title" content="${escapeHtml(song.title)}">`,
        `<meta name="twitter:description" content="${escapeHtml(description)}">`,
        `<meta name="description" content="${escapeHtml(description)}">`,
      ]
      return tags.join("\n    ")
    }).pipe(Effect.orElseSucceed(() => undefined))
  }
