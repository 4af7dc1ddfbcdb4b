import { cn } from "../../lib/cn.ts"

/** Five bars moving like a level meter: our loading indicator. */
export const Spinner = ({
  className,
  label = "Loading",
}: {
  readonly className?: string
  readonly label?: string
}) => (
  <span
    role="status"
    aria-label={label}
    className={cn("inline-flex h-6 items-end gap-[3px]", className)}
  >
    {[0, 1, 2, 3, 4].map((i) => (
      <span
        key={i}
        className="h-full w-[3px] origin-bottom animate-bar rounded-full bg-gradient-to-t from-primary to-pink"
        style={{ animationDelay: `${i * 0.12}s` }}
      />
    ))}
  </span>
)
