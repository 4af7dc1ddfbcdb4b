import { type QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { Suspense } from "react"
import { BrowserRouter, useLocation } from "react-router"
import { PageSpinner } from "../components/ui/page-spinner.tsx"
import { ToastOutlet } from "../lib/toast/toast-outlet.tsx"
import { ForgetFirstView } from "./first-view-mark.tsx"
import { PageErrorBoundary } from "./page-error-boundary.tsx"
import { PageShown } from "./page-shown.tsx"
import { AppRoutes } from "./router.tsx"
import { RouteError } from "./routes/route-error.tsx"
import { StartupGate } from "./startup/startup-gate.tsx"

/** The pages; a page that breaks shows the error until the person goes elsewhere. */
const Pages = () => {
  const { pathname } = useLocation()
  return (
    <PageErrorBoundary fallback={RouteError} resetKey={pathname}>
      {/* Shown only when nothing was there before: a move to another page keeps the current one until
          the next has loaded (the router moves in a transition). */}
      <Suspense fallback={<PageSpinner label="Loading the page" />}>
        <AppRoutes />
        <PageShown />
      </Suspense>
    </PageErrorBoundary>
  )
}

/**
 * Everything inside the router and the query cache: what the browser draws and what the server draws a
 * public page's first view with (web/src/server-entry.tsx), under its own router.
 */
export const AppPages = () => {
  return (
    <>
      <StartupGate>
        <ForgetFirstView />
        <Pages />
      </StartupGate>
      <ToastOutlet />
    </>
  )
}

export const App = ({ queryClient }: { readonly queryClient: QueryClient }) => (
  <QueryClientProvider client={queryClient}>
    <BrowserRouter>
      <AppPages />
    </BrowserRouter>
  </QueryClientProvider>
)
