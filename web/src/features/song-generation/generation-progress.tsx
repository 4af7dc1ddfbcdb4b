import { Check } from "lucide-react"
import { useEffect, useState } from "react"
import { cn } from "../../lib/cn.ts"
import { formatSeconds } from "../../lib/format-seconds.ts"
import type { Phase } from "./generation-status.ts"

const steps = [
  { label: "Arrangement", reached: ["arranging", "previewing", "done"] },
  { label: "First version", reached: ["previewing", "done"] },
  { label: "Final versions", reached: ["done"] },
] as const satisfies ReadonlyArray<{ label: string; reached: ReadonlyArray<Phase> }>

/** The three stages of a generation, the current one marked for screen readers too. */
export const GenerationSteps = ({ phase }: { readonly phase: Phase }) => {
  const reached = steps.filter((step) => (step.reached as ReadonlyArray<Phase>).includes(phase))
  const current = phase === "done" ? -1 : reached.length - 1
  return (
    <ol aria-label="Progress" className="grid grid-cols-3 gap-2">
      {steps.map((step, i) => {
        const done = phase === "done" || i < current
        const active = i === current && phase !== "failed"
        return (
          <li
            key={step.label}
            aria-current={active ? "step" : undefined}
            className="grid gap-1.5 text-xs font-semibold"
          >
            <span
              className={cn(
                "h-1.5 rounded-full",
                done ? "bg-success" : active ? "animate-pulse bg-stage" : "bg-line",
              )}
            />
            <span
              className={cn(
                "flex items-center gap-1",
                done ? "text-success" : active ? "text-text" : "text-faint",
              )}
            >
              {done && <Check className="h-3 w-3" aria-hidden />}
              {step.label}
              {done && <span className="sr-only">(done)</span>}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** Seconds since `since`, ticking while `running`. */
export const Elapsed = ({
  since,
  running,
}: {
  readonly since: number
  readonly running: boolean
}) => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return (
    <span className="tabular-nums" title="Time since the song was started">
      {formatSeconds((now - since) / 1000)}
    </span>
  )
}
