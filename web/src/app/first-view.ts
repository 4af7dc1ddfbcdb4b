import type { QueryClient } from "@tanstack/react-query"
import { currentUserQuery } from "../lib/session.ts"
import type { loadPageAt } from "./router.tsx"

/**
 * Whether the server drew this page before the app started (app/http/first-view): a shared song or the
 * timeline, which the visitor is already looking at.
 */
export const hasFirstView = (root: HTMLElement) => root.hasAttribute("data-first-view")

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
export const readyToTakeOver = async (
  root: HTMLElement,
  queryClient: QueryClient,
  page: ReturnType<typeof loadPageAt>,
) => {
  await Promise.all([
    // A page whose code cannot load shows its error once the app starts.
    page.code.catch(() => undefined),
    page.data,
    queryClient.prefetchQuery(currentUserQuery),
  ])
  await nothingPlaying(root)
}
