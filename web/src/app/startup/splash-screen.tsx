import { useEffect } from "react"
import { LogoMark } from "../../components/ui/logo.tsx"

export const splashDurationMs = 2800

/** The first thing a new visitor sees: the mark, the name and the promise, for 2.8 seconds. */
export const SplashScreen = ({ onDone }: { readonly onDone: () => void }) => {
  useEffect(() => {
    const timer = setTimeout(onDone, splashDurationMs)
    return () => clearTimeout(timer)
  }, [onDone])

  return (
    <div
      role="dialog"
      aria-label="Melody Studio"
      data-testid="splash"
      className="fixed inset-0 z-50 grid place-items-center overflow-hidden bg-ink"
    >
      <div
        aria-hidden
        className="absolute h-[36rem] w-[36rem] animate-pulse-glow rounded-full bg-stage opacity-30 blur-3xl"
      />
      <div className="relative flex animate-rise flex-col items-center gap-6 text-center">
        <LogoMark className="h-24 w-24 drop-shadow-[0_10px_40px_rgba(168,85,247,0.55)]" />
        <div>
          <h1 className="font-display text-5xl font-extrabold tracking-tight sm:text-6xl">
            Melody <span className="text-gradient">Studio</span>
          </h1>
          <p className="mt-3 text-lg text-muted">AI-Powered Song Creation</p>
        </div>
        <div className="h-1 w-48 overflow-hidden rounded-full bg-line">
          <div
            className="h-full origin-left bg-stage"
            style={{ animation: `grow ${splashDurationMs}ms linear forwards` }}
          />
        </div>
      </div>
      <style>
        {"@keyframes grow { from { transform: scaleX(0) } to { transform: scaleX(1) } }"}
      </style>
    </div>
  )
}
