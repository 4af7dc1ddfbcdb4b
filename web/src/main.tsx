import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./app/app.tsx"
import { hasFirstView, readyToTakeOver } from "./app/first-view.ts"
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
// Every page asks who is signed in: asked now, it is answered while the splash shows or the page loads.
void queryClient.prefetchQuery(currentUserQuery)
const firstView = hasFirstView(root)
const start = () =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  )

// The arriving page's code is loaded before the app starts, so its first render draws the page (a page
// that cannot load shows its error), and its data is asked for meanwhile. Not a top-level await: the
// entry would then have to finish before any lazy page could use its modules.
const page = loadPageAt(window.location.pathname, queryClient)
if (firstView) void readyToTakeOver(root, queryClient, page).then(start)
else void page.code.then(start, start)
