import * as CheckboxPrimitive from "@radix-ui/react-checkbox"
import { Check } from "lucide-react"
import type { ComponentProps } from "react"
import { cn } from "../../lib/cn.ts"

export const Checkbox = ({
  className,
  ...props
}: ComponentProps<typeof CheckboxPrimitive.Root>) => (
  <CheckboxPrimitive.Root
    className={cn(
      "grid h-5 w-5 shrink-0 place-items-center rounded-md border border-line-strong bg-ink/60 transition",
      "data-[state=checked]:border-primary data-[state=checked]:bg-primary",
      "aria-[invalid=true]:border-danger",
      className,
    )}
    {...props}
  >
    <CheckboxPrimitive.Indicator>
      <Check className="h-3.5 w-3.5 text-white" strokeWidth={3} />
    </CheckboxPrimitive.Indicator>
  </CheckboxPrimitive.Root>
)
