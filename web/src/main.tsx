import { firstViewState } from "./app/first-view.ts"
import { hydrateWhenUsed } from "./app/hydration.ts"
import { listenForReset } from "./lib/reset.ts"
import { reportUncaughtErrors } from "./lib/uncaught-errors.ts"
import "./styles.css"

reportUncaughtErrors()
listenForReset()

// The built app is installable and its shell starts from the phone's cache (public/sw.js); the dev
// server's modules change on every save and are left alone.
if (import.meta.env.PROD && "serviceWorker" in navigator)
  window.addEventListener("load", () => void navigator.serviceWorker.register("/sw.js"))

const root = document.getElementById("root")!
const drawn = firstViewState(root)

/**
 * The app itself (React, the router, the pages): its files are fetched with the page (index.html preloads
 * them, see web/preload-app.ts), and run here, when the page needs it.
 */
const app = () => import("./app/start.tsx")

if (drawn !== undefined) {
  // A page the server drew is the server's markup until it is used (hydration.ts): a phone that only
  // reads it runs none of the app. Drawn for another address (the sign-in page, for a visitor at `/`): the
  // address is made the page's now, as the page's guard would have sent the visitor there.
  if (root.dataset.at && root.dataset.at !== window.location.pathname)
    window.history.replaceState(window.history.state, "", root.dataset.at + window.location.search)
  hydrateWhenUsed(root, () => app().then((start) => start.takeOverFirstView(root, drawn)))
} else void app().then((start) => start.startApp(root))
