import { Check } from "lucide-react"
import type { ComponentProps } from "react"
import { cn } from "../../lib/cn.ts"

/**
 * The browser's own checkbox, drawn in the app's colours: it needs no script to be one (labels, forms,
 * keyboard and screen readers as every checkbox), so the pages that show one load nothing for it.
 */
export const Checkbox = ({
  className,
  onCheckedChange,
  ...props
}: Omit<ComponentProps<"input">, "type" | "onChange"> & {
  readonly onCheckedChange?: (checked: boolean) => void
}) => (
  <span className={cn("relative grid h-5 w-5 shrink-0 place-items-center", className)}>
    <input
      type="checkbox"
      className={cn(
        "peer h-5 w-5 cursor-pointer appearance-none rounded-md border border-line-strong bg-ink/60 transition",
        "checked:border-primary checked:bg-primary aria-[invalid=true]:border-danger",
        "disabled:cursor-not-allowed disabled:opacity-50",
      )}
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      {...props}
    />
    <Check
      aria-hidden
      className="pointer-events-none absolute h-3.5 w-3.5 text-ink opacity-0 peer-checked:opacity-100"
      strokeWidth={3}
    />
  </span>
)
