import type { ReactNode } from "react"

export const SectionHeading = ({
  eyebrow,
  title,
  children,
}: {
  readonly eyebrow?: string
  readonly title: ReactNode
  readonly children?: ReactNode
}) => (
  <div className="mx-auto max-w-2xl text-center">
    {eyebrow && (
      <p className="text-xs font-bold tracking-[0.2em] text-primary uppercase">{eyebrow}</p>
    )}
    <h2 className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>
    {children && <p className="mt-3 text-muted">{children}</p>}
  </div>
)
