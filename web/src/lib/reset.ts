import type { QueryClient } from "@tanstack/react-query"

/** Local flags this app keeps in the browser. */
export const storageKeys = { hasSeenSplash: "has_seen_splash" } as const

/**
 * The reset routine (Ctrl+Shift+S): forget what this browser remembers of the app (cached data, local
 * flags such as the splash having been seen) and start again from a fresh page load.
 */
export const resetApp = (queryClient: QueryClient) => {
  queryClient.clear()
  try {
    for (const key of Object.values(storageKeys)) localStorage.removeItem(key)
    sessionStorage.clear()
  } catch {
    // Storage can be unavailable (private modes); reloading is still the right thing to do.
  }
  window.location.reload()
}

export const isResetShortcut = (event: KeyboardEvent) =>
  event.ctrlKey && event.shiftKey && !event.altKey && event.key.toLowerCase() === "s"
