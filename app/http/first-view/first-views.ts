import { Effect } from "effect"
import type { SongView } from "#modules/catalog/api.ts"
import type { Catalog } from "#modules/catalog/index.ts"
import { escapeHtml, type FirstView, scriptJson } from "./html.ts"
import { pageFrame } from "./page-frame.ts"
import { songBody } from "./song-body.ts"
import { musicRecording, songHead } from "./song-head.ts"
import { timelineBody } from "./timeline-body.ts"

/** The timeline's first page: as many songs as the app's first page (web/src/features/timeline). */
const timelinePageSize = 20

const timelineHead = (songs: ReadonlyArray<SongView>, appUrl: string) => {
  const list = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Public timeline",
    itemListElement: songs.map((song, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: musicRecording(song, appUrl),
    })),
  }
  const description = "Songs people made with Melody Studio and shared, the most liked first."
  return [
    `<link rel="canonical" href="${escapeHtml(`${appUrl}/timeline`)}">`,
    `<script type="application/ld+json">${scriptJson(list)}</script>`,
    "<title>Public timeline - Melody Studio</title>",
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:title" content="Public timeline - Melody Studio">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
  ].join("\n    ")
}

/**
 * The pages that arrive drawn by the server, so link previews, crawlers without JavaScript and slow phones
 * see them before the app starts: a public song's page and the timeline's first page, as any visitor sees
 * them. Every other path (and a private or unknown song) gets the app's plain page.
 */
export const firstViews =
  (catalog: Catalog["Type"], appUrl: string) =>
  (pathname: string): Effect.Effect<FirstView | undefined> => {
    const songId = /^\/song\/([0-9a-f-]{36})$/.exec(pathname)?.[1]
    if (songId !== undefined)
      return Effect.map(catalog.publicSongPreview(songId), (song) =>
        song === undefined
          ? undefined
          : { head: songHead(song, appUrl), body: pageFrame(songBody(song)) },
      ).pipe(Effect.orElseSucceed(() => undefined))
    if (pathname === "/timeline")
      return Effect.map(
        catalog.publicSongs({
          limit: timelinePageSize,
          offset: 0,
          snapshot: undefined,
          viewerId: undefined,
        }),
        ({ songs }) => ({
          head: timelineHead(songs, appUrl),
          body: pageFrame(timelineBody(songs)),
        }),
      ).pipe(Effect.orElseSucceed(() => undefined))
    return Effect.succeed(undefined)
  }
