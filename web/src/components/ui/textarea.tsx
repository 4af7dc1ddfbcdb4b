import type { TextareaHTMLAttributes } from "react"
import { cn } from "../../lib/cn.ts"

export const Textarea = ({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea
    className={cn(
      "w-full rounded-xl border border-line bg-ink/60 px-3.5 py-3 text-sm leading-relaxed text-text placeholder:text-faint",
      "transition focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30",
      "aria-[invalid=true]:border-danger",
      className,
    )}
    {...props}
  />
)
