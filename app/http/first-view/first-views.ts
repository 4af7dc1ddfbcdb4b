import { Effect } from "effect"
import type { PlaylistPage } from "#projections/playlists/api.ts"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import { creatorHead } from "./creator-head.ts"
import { type FirstView, scriptJson } from "./html.ts"
import { playlistHead } from "./playlist-head.ts"
import type { CreatorView, Drawn, FirstViewData, Render } from "./renderer.ts"
import { musicRecording, songHead } from "./song-head.ts"

/**
 * The reads a first view is drawn from, as any visitor (no session) sees them: the timeline's first page
 * (as many songs as the app's first page, web/src/features/timeline), one public song or playlist, and a
 * creator's page; undefined for what is private or unknown.
 */
export interface FirstViewReads {
  readonly timeline: () => Effect.Effect<PublicSongs>
  readonly song: (id: string) => Effect.Effect<SongView | undefined>
  readonly creator: (username: string) => Effect.Effect<CreatorView | undefined>
  readonly playlist: (id: string) => Effect.Effect<PlaylistPage | undefined>
}

/** The part of `pathname` a pattern's one group takes, decoded; undefined when it does not match. */
const named = (pattern: RegExp, pathname: string) => {
  const part = pattern.exec(pathname)?.[1]
  if (part === undefined) return undefined
  try {
    return decodeURIComponent(part)
  } catch {
    return undefined
  }
}

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

const viewOf = (head: string, drawn: Drawn | undefined): FirstView | undefined =>
  drawn && { head, body: drawn.html, state: drawn.state }

/**
 * The pages that arrive drawn by the server, so link previews, crawlers without JavaScript and slow phones
 * see them before the app starts: a public song's page, the timeline's first page, a creator's page and a
 * public playlist's page, as any visitor sees them, and the sign-in page for a visitor, drawn by the app's own components (`render`), which the app
 * then hydrates. A visitor at `/` (home is for signed-in people) is answered with the sign-in page, whose
 * address the app then makes `/auth`, as its guard would have: without a redirect's round trip. Every
 * other path (and a private or unknown song or playlist, an unknown creator, or the sign-in page for someone signed in, whom the app
 * sends home) gets the app's plain page.
 */
export const firstViews = (reads: FirstViewReads, render: Render, appUrl: string) => {
  // Every reader of an unchanged timeline is handed the same page object: it is drawn once.
  const timelineView = oncePerObject((page: PublicSongs) =>
    render("/timeline", { timeline: page }).then((drawn) =>
      viewOf(timelineHead(page, appUrl), drawn),
    ),
  )
  // The sign-in page is the same for every visitor: drawn once, or again after a failure.
  let authView: Promise<FirstView | undefined> | undefined
  const signIn = () => {
    authView ??= render("/auth", {}).then(
      (drawn) => drawn && { ...viewOf("", drawn)!, splash: true },
    )
    authView.catch(() => {
      authView = undefined
    })
    return authView
  }
  const drawn = (view: () => Promise<FirstView | undefined>) =>
    Effect.tryPromise(view).pipe(
      Effect.tapError((error) => Effect.logWarning("A first view could not be drawn", error)),
      Effect.orElseSucceed(() => undefined),
    )
  return (
    pathname: string,
    signedIn: boolean,
    search: URLSearchParams,
  ): Effect.Effect<FirstView | undefined> => {
    /** The page `read` finds, drawn from `data` under `head`; the app's plain page when it finds none. */
    const pageOf = <A>(
      read: Effect.Effect<A | undefined>,
      data: (found: A) => FirstViewData,
      head: (found: A) => string,
    ) =>
      Effect.flatMap(read, (found) =>
        found === undefined
          ? Effect.succeed(undefined)
          : drawn(() => render(pathname, data(found)).then((page) => viewOf(head(found), page))),
      )
    const songId = /^\/song\/([0-9a-f-]{36})$/.exec(pathname)?.[1]
    if (songId !== undefined)
      return pageOf(
        reads.song(songId),
        (song) => ({ song }),
        (song) => songHead(song, appUrl),
      )
    const username = named(/^\/u\/([^/]{1,255})$/, pathname)
    if (username !== undefined)
      return pageOf(
        reads.creator(username),
        (creator) => ({ creator }),
        (creator) => creatorHead(creator.profile, creator.songs, appUrl),
      )
    const playlistId = /^\/playlist\/([0-9a-f-]{36})$/.exec(pathname)?.[1]
    if (playlistId !== undefined)
      return pageOf(
        reads.playlist(playlistId),
        (playlist) => ({ playlist }),
        (playlist) => playlistHead(playlist, appUrl),
      )
    // Drawn for the most liked songs, its first list: another list is the app's to draw.
    if (pathname === "/timeline" && (search.get("tab") ?? "liked") === "liked")
      return Effect.flatMap(reads.timeline(), (page) => drawn(() => timelineView(page)))
    if (pathname === "/auth") return signedIn ? Effect.succeed(undefined) : drawn(signIn)
    if (pathname === "/" && !signedIn)
      return drawn(() => signIn().then((view) => view && { ...view, at: "/auth" }))
    return Effect.succeed(undefined)
  }
}
