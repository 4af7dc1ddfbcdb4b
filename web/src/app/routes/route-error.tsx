import { useEffect } from "react"
import { Button } from "../../components/ui/button.tsx"
import { reportClientError } from "../../lib/report-errors.ts"
import type { PageErrorProps } from "../page-error-boundary.tsx"

/** When a screen breaks, or its code cannot load: say so plainly, report it, offer a way out. */
export const RouteError = ({ error }: PageErrorProps) => {
  useEffect(() => reportClientError(error, { kind: "route" }), [error])
  return (
    <section className="mx-auto max-w-xl py-20 text-center">
      <h1 className="font-display text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted">
        The error has been reported. Reloading the page usually helps.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  )
}
