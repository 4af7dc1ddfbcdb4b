import * as Label from "@radix-ui/react-label"
import { type ReactNode, useId } from "react"
import { cn } from "../../lib/cn.ts"

/** A label, the control (given its id and error wiring), and the error message under it. */
export const Field = ({
  label,
  error,
  hint,
  children,
  className,
}: {
  readonly label: ReactNode
  readonly error?: string | undefined
  readonly hint?: ReactNode
  readonly children: (control: {
    id: string
    "aria-invalid": boolean
    "aria-describedby"?: string
  }) => ReactNode
  readonly className?: string
}) => {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label.Root htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </Label.Root>
        {hint}
      </div>
      {children({
        id,
        "aria-invalid": error !== undefined,
        ...(error ? { "aria-describedby": errorId } : {}),
      })}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
