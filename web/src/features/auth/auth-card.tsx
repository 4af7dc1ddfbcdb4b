import type { ReactNode } from "react"
import { LogoMark } from "../../components/ui/logo.tsx"

/** The frame of every account page: the mark, a heading, and the form or message beneath. */
export const AuthCard = ({
  title,
  subtitle,
  children,
}: {
  readonly title: ReactNode
  readonly subtitle?: ReactNode
  readonly children: ReactNode
}) => (
  <section className="mx-auto w-full max-w-md animate-rise">
    <div className="mb-6 flex flex-col items-center text-center">
      <LogoMark className="h-12 w-12" />
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle && <p className="mt-2 text-sm text-muted">{subtitle}</p>}
    </div>
    <div className="rounded-[var(--radius-card)] border border-line bg-surface/80 p-6 shadow-2xl shadow-black/30 sm:p-8">
      {children}
    </div>
  </section>
)
