import { type QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { useEffect } from "react"
import { RouterProvider } from "react-router"
import { isResetShortcut, resetApp } from "../lib/reset.ts"
import { ToastOutlet } from "../lib/toast/toast-outlet.tsx"
import type { makeRouter } from "./router.tsx"
import { StartupGate } from "./startup/startup-gate.tsx"

export const App = ({
  queryClient,
  router,
}: {
  readonly queryClient: QueryClient
  readonly router: ReturnType<typeof makeRouter>
}) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isResetShortcut(event)) return
      event.preventDefault()
      resetApp(queryClient)
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [queryClient])

  return (
    <QueryClientProvider client={queryClient}>
      <StartupGate>
        <RouterProvider router={router} />
      </StartupGate>
      <ToastOutlet />
    </QueryClientProvider>
  )
}
