import { playlistPaths } from "#modules/playlists/api-paths.ts"
import type { PlaylistPage } from "#projections/playlists/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { creatorPage } from "./creator-head.ts"
import { isoDuration, scriptJson } from "./html.ts"
import { previewTags } from "./preview-tags.ts"
import { absolute, musicRecording } from "./song-head.ts"

/** A public playlist as schema.org describes one: its maker and its songs, in its order. */
const musicPlaylist = (playlist: PlaylistPage, appUrl: string) => ({
  "@context": "https://schema.org",
  "@type": "MusicPlaylist",
  name: playlist.name,
  url: appUrl + playlistPaths.page(playlist.id),
  ...(playlist.description ? { description: playlist.description } : {}),
  author: {
    "@type": "Person",
    name: playlist.owner.username,
    url: appUrl + creatorPage(playlist.owner.username),
  },
  dateModified: playlist.changedAt.toISOString(),
  numTracks: playlist.songs.length,
  timeRequired: isoDuration(playlist.songs.reduce((sum, song) => sum + song.duration, 0)),
  track: {
    "@type": "ItemList",
    numberOfItems: playlist.songs.length,
    itemListElement: playlist.songs.map((song, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: musicRecording(song, appUrl),
    })),
  },
})

/**
 * The head of a public playlist's page (/playlist/:id): its canonical address, where its oEmbed is,
 * OpenGraph's playlist with its songs and first cover, and its `MusicPlaylist`.
 */
export const playlistHead = (playlist: PlaylistPage, appUrl: string) => {
  const count = playlist.songs.length === 1 ? "1 song" : `${playlist.songs.length} songs`
  const description =
    playlist.description || `A playlist by ${playlist.owner.username} on Melody Studio: ${count}`
  const page = appUrl + playlistPaths.page(playlist.id)
  const image = playlist.covers[0]
  return [
    `<link rel="canonical" href="${escapeHtml(page)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${appUrl}/api/oembed?url=${encodeURIComponent(page)}`)}" title="${escapeHtml(playlist.name)}">`,
    `<script type="application/ld+json">${scriptJson(musicPlaylist(playlist, appUrl))}</script>`,
    `<meta property="music:creator" content="${escapeHtml(appUrl + creatorPage(playlist.owner.username))}">`,
    ...playlist.songs
      .slice(0, 20)
      .map(
        (song) =>
          `<meta property="music:song" content="${escapeHtml(musicRecording(song, appUrl).url)}">`,
      ),
    ...previewTags({
      type: "music.playlist",
      title: playlist.name,
      description,
      url: page,
      image: image && absolute(appUrl, image),
      card: image ? "summary_large_image" : "summary",
    }),
  ].join("\n    ")
}
