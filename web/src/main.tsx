import { StrictMode, startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { App } from "./app/app.tsx"
import { firstViewState } from "./app/first-view.ts"
import { hydrateFirstView } from "./app/first-view-state.ts"
import { hydrateWhenUsed } from "./app/hydration.ts"
import { loadPageAt } from "./app/router.tsx"
import { makeQueryClient } from "./lib/query-client.ts"
import { reportUncaughtErrors } from "./lib/report-errors.ts"
import { currentUserQuery } from "./lib/session.ts"
import "./styles.css"

reportUncaughtErrors()

// The built app is installable and its shell starts from the phone's cache (public/sw.js); the dev
// server's modules change on every save and are left alone.
if (import.meta.env.PROD && "serviceWorker" in navigator)
  window.addEventListener("load", () => void navigator.serviceWorker.register("/sw.js"))

const root = document.getElementById("root")!
const queryClient = makeQueryClient()
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
)
const drawn = firstViewState(root)

if (drawn !== undefined) {
  // A page the server drew (app/http/first-view) from this state: the app starts from the same cache
  // and, once the page's code is here and the page is used (hydration.ts), takes the markup over in
  // place. In a transition, hydration yields to the browser between components, so the page answers
  // input while it is hydrated.
  // Drawn for another address (the sign-in page, for a visitor at `/`): the address is made the page's
  // before the router reads it, as the page's guard would have sent the visitor there.
  if (root.dataset.at && root.dataset.at !== window.location.pathname)
    window.history.replaceState(window.history.state, "", root.dataset.at + window.location.search)
  hydrateFirstView(queryClient, drawn)
  const page = loadPageAt(window.location.pathname, queryClient)
  hydrateWhenUsed(root, () =>
    page.code.then(
      () => startTransition(() => void hydrateRoot(root, app)),
      () => createRoot(root).render(app),
    ),
  )
} else {
  // Every page asks who is signed in: asked now, it is answered while the splash shows or the page loads.
  void queryClient.prefetchQuery(currentUserQuery)
  // The arriving page's code is loaded before the app starts, so its first render draws the page (a page
  // that cannot load shows its error), and its data is asked for meanwhile. Not a top-level await: the
  // entry would then have to finish before any lazy page could use its modules.
  const page = loadPageAt(window.location.pathname, queryClient)
  const start = () => createRoot(root).render(app)
  void page.code.then(start, start)
}
