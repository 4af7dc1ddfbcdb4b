import { Lock, Sparkles } from "lucide-react"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { SectionHeading } from "../../components/ui/section-heading.tsx"
import { features, reasons, steps } from "./landing-copy.ts"

/** The landing page: what the studio does, how, and why. */
export const HomePage = () => (
  <div className="grid gap-24 pb-10">
    <section className="animate-rise pt-6 text-center">
      <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised px-3 py-1 text-xs font-semibold text-muted">
        <Sparkles className="h-3.5 w-3.5 text-amber" aria-hidden /> AI-Powered Song Creation
      </p>
      <h1 className="mx-auto mt-6 max-w-3xl font-display text-5xl font-extrabold tracking-tight sm:text-6xl">
        <span className="text-gradient">Transform Your Musical Ideas</span>
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
        Chat with Melody, get lyrics written for your idea, and turn them into a finished song you
        can play, share and download.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/chat">Chat with Melody</Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to="/app">Create with a form</Link>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <Link to="/timeline">Listen on the timeline</Link>
        </Button>
      </div>
    </section>

    <section aria-labelledby="how-it-works">
      <SectionHeading eyebrow="Three steps" title={<span id="how-it-works">How It Works</span>} />
      <ol className="mt-10 grid gap-5 md:grid-cols-3">
        {steps.map((step, i) => (
          <li
            key={step.title}
            className="relative rounded-[var(--radius-card)] border border-line bg-surface/70 p-6"
          >
            <span className="absolute top-5 right-5 font-display text-4xl font-black text-line-strong">
              {i + 1}
            </span>
            <step.icon className="h-8 w-8 text-primary" aria-hidden />
            <h3 className="mt-4 font-display text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>

    <section aria-labelledby="features">
      <SectionHeading
        eyebrow="Everything in one studio"
        title={<span id="features">Powerful Features</span>}
      />
      <div className="mt-10 grid gap-5 sm:grid-cols-2">
        {features.map((feature) => (
          <div
            key={feature.title}
            className="flex gap-4 rounded-[var(--radius-card)] border border-line bg-surface/70 p-6"
          >
            <div className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-stage">
              <feature.icon className="h-6 w-6 text-white" aria-hidden />
            </div>
            <div>
              <h3 className="font-display text-lg font-semibold">{feature.title}</h3>
              <p className="mt-1 text-sm text-muted">{feature.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>

    <section
      aria-labelledby="why"
      className="rounded-[var(--radius-card)] border border-line bg-surface/70 p-8 sm:p-12"
    >
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <h2 id="why" className="font-display text-3xl font-bold tracking-tight">
            Why Choose Melody Studio
          </h2>
          <p className="mt-3 text-muted">
            From the first idea to a song people can hear, in one place, at your pace.
          </p>
          <Button asChild size="lg" className="mt-6">
            <Link to="/chat">Start a song</Link>
          </Button>
        </div>
        <ul className="grid gap-3">
          {reasons.map((reason) => (
            <li key={reason} className="flex items-start gap-3 text-sm">
              <Lock className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  </div>
)
