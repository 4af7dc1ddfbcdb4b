import { QueryClientProvider } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { RouterProvider } from "react-router"
import { makeQueryClient } from "../lib/query-client.ts"
import { isResetShortcut, resetApp } from "../lib/reset.ts"
import { ToastOutlet } from "../lib/toast/toast-outlet.tsx"
import { makeRouter } from "./router.tsx"
import { StartupGate } from "./startup/startup-gate.tsx"

export const App = () => {
  const [queryClient] = useState(makeQueryClient)
  const [router] = useState(makeRouter)

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
