import { AlertTriangle, CheckCircle2, Info } from "lucide-react"
import type { ReactNode } from "react"
import { cn } from "../../lib/cn.ts"

const tones = {
  info: { box: "border-primary/30 bg-primary/10", icon: Info, iconClass: "text-primary" },
  success: {
    box: "border-success/30 bg-success/10",
    icon: CheckCircle2,
    iconClass: "text-success",
  },
  danger: { box: "border-danger/40 bg-danger/10", icon: AlertTriangle, iconClass: "text-danger" },
} as const

export const Alert = ({
  tone = "info",
  title,
  children,
  className,
}: {
  readonly tone?: keyof typeof tones
  readonly title: ReactNode
  readonly children?: ReactNode
  readonly className?: string
}) => {
  const { box, icon: Icon, iconClass } = tones[tone]
  return (
    <div role="alert" className={cn("flex gap-3 rounded-2xl border p-4", box, className)}>
      <Icon aria-hidden className={cn("mt-0.5 h-5 w-5 shrink-0", iconClass)} />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children && <div className="text-sm text-muted">{children}</div>}
      </div>
    </div>
  )
}
