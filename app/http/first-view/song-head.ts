import { songPaths } from "#modules/catalog/api-song-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { isoDuration, scriptJson } from "./html.ts"
import { previewTags } from "./preview-tags.ts"

/** An address on this site as a crawler needs it: absolute. */
export const absolute = (appUrl: string, url: string) => (url.startsWith("/") ? appUrl + url : url)

/** The cover a page shows for a song: our copy, else the provider's. */
export const coverOf = (song: SongView) => song.imageUrl ?? song.sourceImageUrl

/** A public song as schema.org describes a recording: for search engines. */
export const musicRecording = (song: SongView, appUrl: string) => {
  const image = coverOf(song)
  return {
    "@type": "MusicRecording",
    name: song.title,
    url: appUrl + songPaths.page(song.id),
    genre: song.style,
    duration: isoDuration(song.duration),
    datePublished: song.createdAt.toISOString(),
    ...(song.creator.username
      ? { byArtist: { "@type": "Person", name: song.creator.username } }
      : {}),
    ...(image ? { image: absolute(appUrl, image) } : {}),
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
}

/**
 * The head of a public song's page (/song/:id): its canonical address, OpenGraph and Twitter tags so a
 * shared link shows its title, creator and cover where links are previewed, and its `MusicRecording`.
 */
export const songHead = (song: SongView, appUrl: string) => {
  const by = song.creator.username ? ` by ${song.creator.username}` : ""
  const description = `${song.style}${by} on Melody Studio`
  const image = coverOf(song)
  const page = appUrl + songPaths.page(song.id)
  const recording = { "@context": "https://schema.org", ...musicRecording(song, appUrl) }
  return [
    `<link rel="canonical" href="${escapeHtml(page)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${appUrl}/api/oembed?url=${encodeURIComponent(page)}`)}" title="${escapeHtml(song.title)}">`,
    `<script type="application/ld+json">${scriptJson(recording)}</script>`,
    `<meta property="og:audio" content="${escapeHtml(appUrl + song.audioUrl)}">`,
    `<meta property="og:audio:type" content="audio/mpeg">`,
    ...previewTags({
      type: "music.song",
      title: song.title,
      description,
      url: page,
      image: image && absolute(appUrl, image),
      card: image ? "summary_large_image" : "summary",
    }),
  ].join("\n    ")
}
