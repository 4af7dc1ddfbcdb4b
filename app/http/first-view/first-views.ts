import { Effect } from "effect"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import { type FirstView, scriptJson } from "./html.ts"
import { pageFrame } from "./page-frame.ts"
import { songBody } from "./song-body.ts"
import { musicRecording, songHead } from "./song-head.ts"
import { timelineBody } from "./timeline-body.ts"

/** The timeline's first page: as many songs as the app's first page (web/src/features/timeline). */
const timelinePageSize = 20

/**
 * The timeline as schema.org sees it: a playlist of every public song, most liked first, whose first page
 * of tracks is listed in order.
 */
const timelineHead = (page: PublicSongs, appUrl: string) => {
  const url = `${appUrl}/timeline`
  const playlist = {
    "@context": "https://schema.org",
    "@type": "MusicPlaylist",
    name: "Public timeline",
    url,
    numTracks: page.total,
    track: {
      "@type": "ItemList",
      itemListOrder: "https://schema.org/ItemListOrderDescending",
      itemListElement: page.songs.map((song, index) => ({
        "@type": "ListItem",
        position: index + 1,
        item: musicRecording(song, appUrl),
      })),
    },
  }
  const description = "Songs people made with Melody Studio and shared, the most liked first."
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<script type="application/ld+json">${scriptJson(playlist)}</script>`,
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
/** What the first views read, from the songs read model: the timeline's pages and one song. */
export interface FirstViewReads {
  readonly publicSongs: (query: {
    readonly limit: number
    readonly offset: number
    readonly snapshot: undefined
    readonly viewerId: undefined
  }) => Effect.Effect<PublicSongs>
  readonly song: (songId: string, viewerId: undefined) => Effect.Effect<SongView, unknown>
}

export const firstViews = (reads: FirstViewReads, appUrl: string) => {
  // The songs read model hands every reader of an unchanged timeline the same page: it is drawn once.
  const timelineView = oncePerObject(
    (page: PublicSongs): FirstView => ({
      head: timelineHead(page, appUrl),
      body: pageFrame(timelineBody(page.songs)),
    }),
  )
  return (pathname: string): Effect.Effect<FirstView | undefined> => {
    const songId = /^\/song\/([0-9a-f-]{36})$/.exec(pathname)?.[1]
    if (songId !== undefined)
      return Effect.map(
        reads.song(songId, undefined),
        (song): FirstView => ({ head: songHead(song, appUrl), body: pageFrame(songBody(song)) }),
      ).pipe(Effect.orElseSucceed(() => undefined))
    if (pathname === "/timeline")
      return Effect.map(
        reads.publicSongs({
          limit: timelinePageSize,
          offset: 0,
          snapshot: undefined,
          viewerId: undefined,
        }),
        timelineView,
      ).pipe(Effect.orElseSucceed(() => undefined))
    return Effect.succeed(undefined)
  }
}
