import { BadgeCheck } from "lucide-react"
import { useEffect, useState } from "react"

const shownForMs = 5000

/** "Email Verified!", for five seconds from when it is drawn. */
export const VerifiedBanner = () => {
  const [shown, setShown] = useState(true)

  useEffect(() => {
    const timer = setTimeout(() => setShown(false), shownForMs)
    return () => clearTimeout(timer)
  }, [])

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
