import { lazy, Suspense, useEffect, useState } from "react"
import { useSearchParams } from "react-router"

// Only the page a verification opens shows it: nobody else downloads it.
const VerifiedBanner = lazy(() =>
  import("./verified-banner.tsx").then((m) => ({ default: m.VerifiedBanner })),
)

/**
 * After verification the app opens with ?verified=true: the banner says so, and the address is tidied at
 * once (the banner stays up across the sign-in page's redirect, which it survives in the layout).
 */
export const VerifiedNotice = () => {
  const [params, setParams] = useSearchParams()
  // How many verifications arrived: each draws the banner afresh.
  const [arrivals, setArrivals] = useState(0)

  useEffect(() => {
    if (params.get("verified") !== "true") return
    setArrivals((count) => count + 1)
    const next = new URLSearchParams(params)
    next.delete("verified")
    setParams(next, { replace: true })
  }, [params, setParams])

  if (arrivals === 0) return null
  return (
    <Suspense fallback={null}>
      <VerifiedBanner key={arrivals} />
    </Suspense>
  )
}
