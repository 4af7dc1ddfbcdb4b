import { Sparkles } from "lucide-react"

/** Why a plan is the better deal: twice the credits for the same price. */
export const SubscriptionPromo = () => (
  <div className="flex items-start gap-4 rounded-[var(--radius-card)] border border-primary/30 bg-gradient-to-br from-primary/15 via-pink/10 to-amber/10 p-6">
    <Sparkles className="mt-0.5 h-6 w-6 shrink-0 text-amber" aria-hidden />
    <div>
      <h2 className="font-display text-lg font-semibold">Best Value: Monthly Subscriptions</h2>
      <p className="mt-1 text-sm text-muted">
        Monthly plans give you 2x more credits for the same price as a one-time pack. Cancel any
        time; your plan stays active until the end of the period you paid for.
      </p>
    </div>
  </div>
)
