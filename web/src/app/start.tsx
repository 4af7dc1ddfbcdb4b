import { StrictMode, startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { makeQueryClient } from "../lib/query-client.ts"
import { currentUserQuery } from "../lib/session.ts"
import { App } from "./app.tsx"
import { hydrateFirstView } from "./first-view-state.ts"
import { pageShown } from "./page-shown.tsx"
import { loadPageAt } from "./router.tsx"

const appWith = (queryClient: ReturnType<typeof makeQueryClient>) => (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
)

/**
 * Takes over a page the server drew (app/http/first-view) from `drawn`, its state: the app starts from
 * the same cache and, once the page's code is here, hydrates the markup in place. In a transition,
 * hydration yields to the browser between components, so the page answers input while it is hydrated.
 * Resolves once the page is hydrated: a field typed in or a button pressed before then is React's only
 * once its part of the page is, and a value typed into a field not yet hydrated reaches its state later.
 */
export const takeOverFirstView = (root: HTMLElement, drawn: string) => {
  const queryClient = makeQueryClient()
  hydrateFirstView(queryClient, drawn)
  const app = appWith(queryClient)
  return loadPageAt(window.location.pathname, queryClient).code.then(
    () => {
      startTransition(() => void hydrateRoot(root, app))
      return pageShown
    },
    () => {
      createRoot(root).render(app)
      return pageShown
    },
  )
}

/** Starts the app on a page it draws itself. */
export const startApp = (root: HTMLElement) => {
  const queryClient = makeQueryClient()
  // Every page asks who is signed in: asked now, it is answered while the splash shows or the page loads.
  void queryClient.prefetchQuery(currentUserQuery)
  // The arriving page's code is loaded before the app starts, so its first render draws the page (a page
  // that cannot load shows its error), and its data is asked for meanwhile.
  const page = loadPageAt(window.location.pathname, queryClient)
  const start = () => createRoot(root).render(appWith(queryClient))
  void page.code.then(start, start)
}
