import * as PopoverPrimitive from "@radix-ui/react-popover"
import type { ComponentProps } from "react"
import { cn } from "../../lib/cn.ts"

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger

export const PopoverContent = ({
  className,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) => (
  <PopoverPrimitive.Portal>
    <PopoverPrimitive.Content
      sideOffset={8}
      align="end"
      className={cn(
        "glass z-50 w-72 rounded-2xl border border-line p-4 shadow-2xl shadow-black/40",
        className,
      )}
      {...props}
    />
  </PopoverPrimitive.Portal>
)
