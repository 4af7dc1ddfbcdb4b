import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"

/** The player's look: the app's colours, one row, no script (the browser's own audio controls). */
const style = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #0b0a14; color: #f4f2ff; }
  main { display: flex; gap: 12px; align-items: center; padding: 12px; height: 152px; }
  img, .note { width: 128px; height: 128px; border-radius: 10px; object-fit: cover; flex: none;
    background: linear-gradient(135deg, #6d4aff55, #ff4fa333); }
  .about { min-width: 0; flex: 1; display: grid; gap: 6px; }
  h1 { margin: 0; font-size: 16px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  a { color: inherit; }
  p { margin: 0; color: #a9a4c4; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  audio { width: 100%; height: 36px; }
`

const page = (title: string, body: string) =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
    <style>${style}</style>
  </head>
  <body>${body}</body>
</html>`

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
        <audio controls preload="metadata" src="${escapeHtml(song.audioUrl)}" aria-label="Play ${escapeHtml(song.title)}"></audio>
      </div>
    </main>`,
  )
}

const missing = page(
  "Melody Studio",
  `<main><p>This song does not exist, or it is private.</p></main>`,
)

/**
 * `/embed/song/:id`: a public song's player for other sites' frames (the security headers let any site
 * frame these pages and no other). A private or unknown song, and any other path under `/embed/`, answer
 * 404 without a word of it. Undefined for paths outside `/embed/`.
 */
export const makeEmbedPages =
  (song: (id: string) => Effect.Effect<SongView | undefined>, appUrl: string) =>
  (pathname: string): Effect.Effect<HttpServerResponse.HttpServerResponse | undefined> => {
    if (!pathname.startsWith("/embed/")) return Effect.succeed(undefined)
    // Nothing else under /embed/ is a page: not the app's, which no other site may frame.
    const songId = /^\/embed\/song\/([0-9a-zA-Z-]{1,64})$/.exec(pathname)?.[1]
    return Effect.map(songId === undefined ? Effect.succeed(undefined) : song(songId), (found) =>
      HttpServerResponse.text(found === undefined ? missing : playerOf(found, appUrl), {
        status: found === undefined ? 404 : 200,
        contentType: "text/html; charset=utf-8",
        // Asked again each time: once a song is made private, no frame loads its player again.
        headers: { "cache-control": "no-cache" },
      }),
    )
  }
