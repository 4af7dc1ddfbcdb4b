import * as TabsPrimitive from "@radix-ui/react-tabs"
import type { ComponentProps } from "react"
import { cn } from "../../lib/cn.ts"

export const Tabs = TabsPrimitive.Root

export const TabsList = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) => (
  <TabsPrimitive.List
    className={cn(
      "inline-flex w-full items-center gap-1 rounded-xl border border-line bg-ink/50 p-1",
      className,
    )}
    {...props}
  />
)

export const TabsTrigger = ({
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger>) => (
  <TabsPrimitive.Trigger
    className={cn(
      "flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-muted transition",
      "hover:text-text data-[state=active]:bg-surface-raised data-[state=active]:text-text data-[state=active]:shadow",
      className,
    )}
    {...props}
  />
)

export const TabsContent = ({
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content>) => (
  <TabsPrimitive.Content className={cn("mt-6 focus-visible:outline-none", className)} {...props} />
)
