import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import type { PlaylistPage } from "#projections/playlists/api.ts"
import type { SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { page } from "./embed-page-shell.ts"
import { playlistPlayerOf } from "./embed-playlist.ts"

/** A public song's compact player, for a frame on another site; links open on Melody Studio. */
const playerOf = (song: SongView, appUrl: string) => {
  const cover = song.imageUrl ?? song.sourceImageUrl
  const by = song.creator.username
  return page(
    `${song.title} - Melody Studio`,
    `<main>
      ${cover ? `<img src="${escapeHtml(cover)}" alt="Cover of ${escapeHtml(song.title)}">` : `<div class="note" role="img" aria-label="Cover of ${escapeHtml(song.title)}"></div>`}
      <div class="about">
        <h1><a href="${escapeHtml(appUrl + songPaths.page(song.id))}" target="_blank" rel="noopener">${escapeHtml(song.title)}</a></h1>
        <p>${by ? `by <a href="${escapeHtml(`${appUrl}/u/${by}`)}" target="_blank" rel="noopener">${escapeHtml(by)}</a> · ` : ""}${escapeHtml(song.style)} · <a href="${escapeHtml(appUrl)}" target="_blank" rel="noopener">Melody Studio</a></p>
        <audio controls preload="metadata" src="${escapeHtml(song.audioUrl)}" data-song="${escapeHtml(song.id)}" aria-label="Play ${escapeHtml(song.title)}"></audio>
      </div>
    </main>`,
  )
}

const missing = (what: string) =>
  page("Melody Studio", `<main><p>This ${what} does not exist, or it is private.</p></main>`)

const html = (found: string | undefined, what: string) =>
  HttpServerResponse.text(found ?? missing(what), {
    status: found === undefined ? 404 : 200,
    contentType: "text/html; charset=utf-8",
    // Asked again each time: once a song or playlist is made private, no frame loads its player again.
    headers: { "cache-control": "no-cache" },
  })

/** The players other sites may frame, by path: exactly these, and nothing else under /embed/. */
export const playerPath = /^\/embed\/(song|playlist)\/([0-9a-zA-Z-]{1,64})$/

/**
 * `/embed/song/:id` and `/embed/playlist/:id`: a public song's or playlist's player for other sites'
 * frames (the security headers let any site frame these pages and no other). A private or unknown one,
 * and any other path under `/embed/`, answer 404 without a word of it. Undefined for paths outside
 * `/embed/`.
 */
export const makeEmbedPages =
  (
    reads: {
      readonly song: (id: string) => Effect.Effect<SongView | undefined>
      readonly playlist: (id: string) => Effect.Effect<PlaylistPage | undefined>
    },
    appUrl: string,
  ) =>
  (pathname: string): Effect.Effect<HttpServerResponse.HttpServerResponse | undefined> => {
    if (!pathname.startsWith("/embed/")) return Effect.succeed(undefined)
    // Nothing else under /embed/ is a page: not the app's, which no other site may frame.
    const [, kind, id = ""] = playerPath.exec(pathname) ?? []
    if (kind === "playlist")
      return Effect.map(reads.playlist(id), (found) =>
        html(found && playlistPlayerOf(found, appUrl), "playlist"),
      )
    return Effect.map(kind === "song" ? reads.song(id) : Effect.succeed(undefined), (found) =>
      html(found && playerOf(found, appUrl), "song"),
    )
  }
