import { ChevronDown } from "lucide-react"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../lib/cn.ts"

/** Unfolds the row below a table row (`controls` is its id), which holds what the row leaves out. */
export const DetailsToggle = ({
  open,
  controls,
  label,
  ariaLabel,
  onToggle,
}: {
  readonly open: boolean
  readonly controls: string
  readonly label: string
  readonly ariaLabel?: string
  readonly onToggle: () => void
}) => (
  <Button
    variant="ghost"
    size="sm"
    aria-expanded={open}
    aria-controls={controls}
    aria-label={ariaLabel}
    onClick={onToggle}
  >
    <ChevronDown className={cn("h-4 w-4 transition", open && "rotate-180")} aria-hidden />
    {label}
  </Button>
)
