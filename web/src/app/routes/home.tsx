import { Sparkles } from "lucide-react"

/** The landing page; its sections arrive with accounts. */
export const HomePage = () => (
  <section className="animate-rise py-10 text-center">
    <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised px-3 py-1 text-xs font-semibold text-muted">
      <Sparkles className="h-3.5 w-3.5 text-amber" /> AI-Powered Song Creation
    </p>
    <h1 className="mx-auto mt-6 max-w-3xl font-display text-5xl font-extrabold tracking-tight sm:text-6xl">
      Transform Your <span className="text-gradient">Musical Ideas</span>
    </h1>
    <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
      Chat with Melody, get lyrics written for your idea, and turn them into a finished song.
    </p>
  </section>
)
