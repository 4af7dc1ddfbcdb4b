import { Slot } from "@radix-ui/react-slot"
import type { ButtonHTMLAttributes, Ref } from "react"
import { cn } from "../../lib/cn.ts"

const variants = {
  primary:
    "bg-stage text-white shadow-lg shadow-primary/25 hover:brightness-110 hover:shadow-primary/40 active:brightness-95",
  secondary:
    "bg-surface-raised text-text border border-line hover:border-line-strong hover:bg-line/60",
  outline: "border border-line-strong text-text hover:bg-surface-raised",
  ghost: "text-muted hover:text-text hover:bg-surface-raised",
  danger: "bg-danger/90 text-white hover:bg-danger",
} as const

const sizes = {
  sm: "h-8 px-3 text-sm gap-1.5 rounded-lg",
  md: "h-10 px-4 text-sm gap-2 rounded-xl",
  lg: "h-12 px-6 text-base gap-2 rounded-xl",
  icon: "h-10 w-10 rounded-xl",
} as const

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: keyof typeof variants
  readonly size?: keyof typeof sizes
  /** Render the child element (a link, say) with the button's look. */
  readonly asChild?: boolean
  readonly ref?: Ref<HTMLButtonElement>
}

export const Button = ({
  variant = "primary",
  size = "md",
  asChild = false,
  className,
  ...props
}: ButtonProps) => {
  const Component = asChild ? Slot : "button"
  return (
    <Component
      className={cn(
        "inline-flex items-center justify-center font-semibold transition duration-150 select-none",
        "disabled:pointer-events-none disabled:opacity-50",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  )
}
