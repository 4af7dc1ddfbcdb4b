import { ArrowUp } from "lucide-react"
import { useEffect, useState } from "react"

const threshold = 400
const duration = 1000

/** Scrolls to the top in one second, easing out, whatever the browser's own smooth scrolling does. */
const scrollToTop = () => {
  const start = window.scrollY
  const began = performance.now()
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration)
    window.scrollTo(0, start * (1 - (1 - (1 - t) ** 3)))
    if (t < 1) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

/** A way back up, once the page has scrolled 400 px. */
export const ScrollToTop = () => {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > threshold)
    onScroll()
    window.addEventListener("scroll", onScroll, { passive: true })
    return () => window.removeEventListener("scroll", onScroll)
  }, [])
  if (!shown) return null
  return (
    <button
      type="button"
      onClick={scrollToTop}
      aria-label="Back to top"
      className="fixed right-6 bottom-6 z-20 grid h-12 w-12 animate-rise place-items-center rounded-full bg-stage text-white shadow-xl shadow-primary/30"
    >
      <ArrowUp className="h-5 w-5" aria-hidden />
    </button>
  )
}
