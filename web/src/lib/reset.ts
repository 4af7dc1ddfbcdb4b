/** Local flags this app keeps in the browser. */
export const storageKeys = { hasSeenSplash: "has_seen_splash" } as const

/**
 * The reset routine (Ctrl+Shift+S): forget what this browser remembers of the app (local flags such as
 * the splash having been seen; cached data goes with the page) and start again from a fresh page load.
 */
const resetApp = () => {
  try {
    for (const key of Object.values(storageKeys)) localStorage.removeItem(key)
    sessionStorage.clear()
  } catch {
    // Storage can be unavailable (private modes); reloading is still the right thing to do.
  }
  window.location.reload()
}

const isResetShortcut = (event: KeyboardEvent) =>
  event.ctrlKey && event.shiftKey && !event.altKey && event.key.toLowerCase() === "s"

/**
 * Answers Ctrl+Shift+S from the page's first moment, whether or not the app has started or finished
 * taking over a page the server drew: a shortcut pressed meanwhile is never lost.
 */
export const listenForReset = () =>
  window.addEventListener("keydown", (event) => {
    if (!isResetShortcut(event)) return
    event.preventDefault()
    resetApp()
  })
