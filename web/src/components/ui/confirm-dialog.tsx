import type { ReactNode } from "react"
import { Button } from "./button.tsx"
import {
  DialogActions,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "./dialog.tsx"

/**
 * The body of a dialog that asks before something that cannot be taken back: a way out and the action,
 * both disabled, and the dialog locked, while the action runs.
 */
export const ConfirmDialogContent = ({
  title,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  readonly title: ReactNode
  readonly children: ReactNode
  readonly cancelLabel: string
  readonly confirmLabel: string
  readonly pendingLabel: string
  readonly pending: boolean
  readonly onConfirm: () => void
}) => (
  <DialogContent locked={pending}>
    <DialogTitle>{title}</DialogTitle>
    <DialogDescription>{children}</DialogDescription>
    <DialogActions>
      <DialogClose asChild>
        <Button variant="secondary" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button variant="danger" onClick={onConfirm} disabled={pending}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </DialogActions>
  </DialogContent>
)
