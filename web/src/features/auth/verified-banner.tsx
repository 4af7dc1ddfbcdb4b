import { BadgeCheck } from "lucide-react"
import { useEffect, useState } from "react"
import { useSearchParams } from "react-router"

const shownForMs = 5000

/** After verification the app opens with ?verified=true: say so for five seconds, and tidy the address. */
export const VerifiedBanner = () => {
  const [params, setParams] = useSearchParams()
  const [shown, setShown] = useState(false)

  useEffect(() => {
    if (params.get("verified") !== "true") return
    setShown(true)
    const next = new URLSearchParams(params)
    next.delete("verified")
    setParams(next, { replace: true })
  }, [params, setParams])

  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => setShown(false), shownForMs)
    return () => clearTimeout(timer)
  }, [shown])

  if (!shown) return null
  return (
    <div
      role="status"
      className="mb-8 flex animate-rise items-start gap-3 rounded-2xl border border-success/30 bg-success/10 p-4"
    >
      <BadgeCheck className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden />
      <div>
        <p className="font-semibold">Email Verified!</p>
        <p className="text-sm text-muted">
          Your email has been successfully verified. You now have full access to all features.
        </p>
      </div>
    </div>
  )
}
