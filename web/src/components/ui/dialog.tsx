import * as DialogPrimitive from "@radix-ui/react-dialog"
import { X } from "lucide-react"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../../lib/cn.ts"

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

/** A centred panel over a dimmed page; Escape and the close button dismiss it unless `locked`. */
export const DialogContent = ({
  className,
  children,
  locked = false,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { readonly locked?: boolean }) => (
  <DialogPrimitive.Portal>
    {/* Dimmed, not blurred: a backdrop blur is drawn again for every frame of the dialog's own
        animations (a spinner, a pulsing step), which takes a whole core on a phone or a machine
        without a GPU: the core a song's render needs while its dialog waits. */}
    <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/85" />
    <DialogPrimitive.Content
      className={cn(
        "fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 animate-rise",
        "rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-2xl shadow-black/40",
        className,
      )}
      {...props}
      onEscapeKeyDown={(event) => {
        if (locked) event.preventDefault()
      }}
      onPointerDownOutside={(event) => {
        if (locked) event.preventDefault()
      }}
    >
      {children}
      {!locked && (
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-lg p-1 text-muted transition hover:text-text"
          aria-label="Close"
        >
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      )}
    </DialogPrimitive.Content>
  </DialogPrimitive.Portal>
)

export const DialogTitle = ({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Title>) => (
  <DialogPrimitive.Title
    className={cn("font-display text-xl font-semibold tracking-tight", className)}
    {...props}
  />
)

export const DialogDescription = ({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) => (
  <DialogPrimitive.Description className={cn("mt-2 text-sm text-muted", className)} {...props} />
)

export const DialogActions = ({ children }: { readonly children: ReactNode }) => (
  <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
)
