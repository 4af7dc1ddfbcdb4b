import { cn } from "../../lib/cn.ts"

/** The mark: five bars of a level meter on the stage gradient. */
export const LogoMark = ({ className }: { readonly className?: string }) => (
  <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("h-9 w-9", className)}>
    <defs>
      <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#a855f7" />
        <stop offset=".55" stopColor="#ec4899" />
        <stop offset="1" stopColor="#f59e0b" />
      </linearGradient>
    </defs>
    <rect width="64" height="64" rx="16" fill="url(#logo-gradient)" />
    <g fill="#fff">
      <rect x="13" y="26" width="5" height="12" rx="2.5" />
      <rect x="22" y="18" width="5" height="28" rx="2.5" />
      <rect x="31" y="12" width="5" height="40" rx="2.5" />
      <rect x="40" y="20" width="5" height="24" rx="2.5" />
      <rect x="49" y="27" width="5" height="10" rx="2.5" />
    </g>
  </svg>
)

export const Logo = ({ className }: { readonly className?: string }) => (
  <span className={cn("inline-flex items-center gap-2.5", className)}>
    <LogoMark />
    <span className="font-display text-lg font-bold tracking-tight">
      Melody <span className="text-gradient">Studio</span>
    </span>
  </span>
)
