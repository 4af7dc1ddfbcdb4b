import type { HTMLAttributes } from "react"
import { cn } from "../../lib/cn.ts"

const tones = {
  default: "bg-surface-raised text-muted border-line",
  accent: "bg-primary/15 text-primary border-primary/30",
  success: "bg-success/15 text-success border-success/30",
  warning: "bg-warning/15 text-warning border-warning/30",
  danger: "bg-danger/15 text-danger border-danger/30",
} as const

export const Badge = ({
  tone = "default",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { readonly tone?: keyof typeof tones }) => (
  <span
    className={cn(
      "inline-flex items-center rounded-full border px-2 py-0.5 text-[0.65rem] font-bold tracking-wider uppercase",
      tones[tone],
      className,
    )}
    {...props}
  />
)
