import * as PopoverPrimitive from "@radix-ui/react-popover"
import type { ReactNode } from "react"
import { MoreTrigger } from "./more-actions.tsx"

/** Whether focus went into a dialog opened from the panel (an export, a confirmation). */
const intoDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null

/**
 * The panel of a card's other actions, open when it first shows (its button was just clicked). It closes
 * on Escape, a click elsewhere or focus moving on, and returns focus to its button; it stays open under a
 * dialog one of its actions opened, so that dialog keeps its place and, closed, gives focus back to the
 * action that opened it.
 */
export const MorePanel = ({
  title,
  children,
}: {
  readonly title: string
  readonly children: ReactNode
}) => (
  <PopoverPrimitive.Root defaultOpen>
    <PopoverPrimitive.Trigger asChild>
      <MoreTrigger title={title} />
    </PopoverPrimitive.Trigger>
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={6}
        align="start"
        aria-label={`More actions for ${title}`}
        onFocusOutside={(event) => {
          if (intoDialog(event.target)) event.preventDefault()
        }}
        className="glass z-40 grid w-64 justify-items-start gap-1 rounded-2xl border border-line p-2 shadow-2xl shadow-black/40"
      >
        {children}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  </PopoverPrimitive.Root>
)
