import { useEffect } from "react"

let shown = () => {}

/**
 * Settles once the page is committed in the browser: for a page the server drew, once React has hydrated
 * it (its Suspense boundary hydrates after the root, in a pass of its own), so its fields and buttons
 * answer as the app's.
 */
export const pageShown = new Promise<void>((resolve) => {
  shown = resolve
})

/** Drawn beside the page, inside its Suspense boundary. */
export const PageShown = () => {
  useEffect(() => shown(), [])
  return null
}
