import type { InputHTMLAttributes } from "react"
import { cn } from "../../lib/cn.ts"

export const Input = ({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) => (
  <input
    className={cn(
      "h-11 w-full rounded-xl border border-line bg-ink/60 px-3.5 text-sm text-text placeholder:text-faint",
      "transition focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
      "aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/30",
      "disabled:cursor-not-allowed disabled:opacity-60",
      className,
    )}
    {...props}
  />
)
