import { QueryClientProvider } from "@tanstack/react-query"
import { StrictMode } from "react"
import { prerender } from "react-dom/static"
import { StaticRouter } from "react-router"
import { AppPages } from "./app/app.tsx"
import { dehydrateFirstView, type FirstViewData, seedFirstView } from "./app/first-view-state.ts"
import { loadPageAt } from "./app/router.tsx"
import { makeQueryClient } from "./lib/query-client.ts"

export type { FirstViewData }

/**
 * A public page's first view, drawn on the server by the components the browser then hydrates
 * (main.tsx): the markup for the app's root, and the query cache it was drawn from, as JSON, for the
 * browser to start from. Built with `vite build --ssr` (npm run build) and loaded by the server
 * (app/http/first-view/renderer.ts).
 */
export const render = async (url: string, data: FirstViewData) => {
  const queryClient = makeQueryClient()
  seedFirstView(queryClient, data)
  // The page's code is loaded before it is drawn, as the browser loads it before it hydrates.
  await loadPageAt(new URL(url, "http://localhost").pathname, queryClient).code
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <AppPages />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    // Every boundary inline, however large: React otherwise writes a large one apart, with an inline
    // script to put it in place, which the pages' Content-Security-Policy does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await new Response(prelude).text()
  const state = dehydrateFirstView(queryClient)
  queryClient.clear()
  return { html, state }
}
