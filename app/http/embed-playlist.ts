import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import type { PlaylistPage } from "#projections/playlists/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { page } from "./embed-page-shell.ts"

/** A public playlist's player for another site's frame: its cover and name, then each of its songs. */
export const playlistPlayerOf = (playlist: PlaylistPage, appUrl: string) => {
  const link = (path: string, text: string) =>
    `<a href="${escapeHtml(appUrl + path)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`
  const cover = playlist.covers[0]
  const count = playlist.songs.length === 1 ? "1 song" : `${playlist.songs.length} songs`
  const songs = playlist.songs
    .map(
      (song) => `<li>
        <h2>${link(songPaths.page(song.id), song.title)}</h2>
        <audio controls preload="none" src="${escapeHtml(song.audioUrl)}" data-song="${escapeHtml(song.id)}" aria-label="Play ${escapeHtml(song.title)}"></audio>
      </li>`,
    )
    .join("")
  return page(
    `${playlist.name} - Melody Studio`,
    `<main>
      ${cover ? `<img src="${escapeHtml(cover)}" alt="Cover of ${escapeHtml(playlist.name)}">` : `<div class="note" role="img" aria-label="Cover of ${escapeHtml(playlist.name)}"></div>`}
      <div class="about">
        <h1>${link(playlistPaths.page(playlist.id), playlist.name)}</h1>
        <p>Playlist by ${link(`/u/${playlist.owner.username}`, playlist.owner.username)} · ${count} · ${link("", "Melody Studio")}</p>
      </div>
    </main>
    <ol aria-label="Songs">${songs}</ol>`,
  )
}
