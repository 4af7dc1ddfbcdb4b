import type { QueryClient } from "@tanstack/react-query"
import { currentUserQuery } from "../lib/session.ts"
import { loadPageAt } from "./router.tsx"

/**
 * Whether the server drew this page before the app started (app/http/first-view): a shared song or the
 * timeline, which the visitor is already looking at.
 */
export const hasFirstView = (root: HTMLElement) => root.hasAttribute("data-first-view")

/** The data the page's first render shows, asked for while the server's view is on screen. */
const pageData = async (queryClient: QueryClient, pathname: string) => {
  const songId = /^\/song\/([^/]+)$/.exec(pathname)?.[1]
  if (songId !== undefined) {
    const { songQuery } = await import("../lib/song-queries.ts")
    return queryClient.prefetchQuery(songQuery(songId))
  }
  if (pathname === "/timeline") {
    const { timelineQuery } = await import("../features/timeline/timeline-query.ts")
    return queryClient.prefetchInfiniteQuery(timelineQuery)
  }
}

/** A song the visitor started in the server's view plays on: the app takes over when it stops. */
const nothingPlaying = (root: HTMLElement) =>
  Promise.all(
    [...root.querySelectorAll("audio")]
      .filter((audio) => !audio.paused && !audio.ended)
      .map(
        (audio) =>
          new Promise((resolve) => audio.addEventListener("pause", resolve, { once: true })),
      ),
  )

/**
 * Resolves when the app can draw the same page complete, its code loaded and its data in the cache, so
 * replacing the server's view shows no spinner and no flash. Its entrance animation is skipped until the
 * visitor goes elsewhere (first-view-mark.tsx).
 */
export const readyToTakeOver = async (root: HTMLElement, queryClient: QueryClient) => {
  await Promise.all([
    // A page whose code cannot load shows its error once the app starts.
    loadPageAt(window.location.pathname).catch(() => undefined),
    queryClient.prefetchQuery(currentUserQuery),
    pageData(queryClient, window.location.pathname),
  ])
  await nothingPlaying(root)
}
