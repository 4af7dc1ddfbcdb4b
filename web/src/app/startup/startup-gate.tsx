import { type ReactNode, useEffect, useState } from "react"
import { storageKeys } from "../../lib/reset.ts"

/** How long a first visit's splash shows (the bar in index.html grows for as long). */
const splashDurationMs = 2800

/**
 * The splash index.html shows on a first visit (its script decided before the first paint), for the app
 * to end, or null: on the server, and on a page the server drew, which the page's script shows under the
 * splash and ends itself (so the app's first render is the server's markup).
 */
const shownSplash = () =>
  typeof document === "undefined" || document.documentElement.hasAttribute("data-first-view")
    ? null
    : document.getElementById("splash")

/**
 * Ends the splash 2.8 seconds after it appeared, or as the app starts if that is later (on a slow phone
 * the splash is what shows while the app loads), remembers it was seen, and only then shows the app. The
 * app asks for the session and the page's code meanwhile (main.tsx, the router), so both are usually
 * there when it ends.
 */
export const StartupGate = ({ children }: { readonly children: ReactNode }) => {
  const [splash] = useState(shownSplash)
  const [ready, setReady] = useState(splash === null)
  useEffect(() => {
    if (splash === null) return
    const since = Number(splash.dataset.since ?? 0)
    const timer = setTimeout(
      () => {
        try {
          localStorage.setItem(storageKeys.hasSeenSplash, "true")
        } catch {
          // Without storage the splash simply shows again next time.
        }
        splash.remove()
        setReady(true)
      },
      Math.max(0, since + splashDurationMs - performance.now()),
    )
    return () => clearTimeout(timer)
  }, [splash])
  return ready ? children : null
}
