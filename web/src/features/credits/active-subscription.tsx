import { BadgeCheck } from "lucide-react"
import { useState } from "react"
import type { SubscriptionStatus } from "#modules/billing/api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialogContent } from "../../components/ui/confirm-dialog.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { toast } from "../../lib/toast/toast-store.ts"
import { useCancelSubscription } from "./credits-queries.ts"
import { formatDate, offerName } from "./format.ts"

/** The plan a user pays for, when it is active: its name, the renewal date, and a way out. */
export const ActiveSubscriptionBanner = ({
  subscription,
}: {
  readonly subscription: SubscriptionStatus
}) => {
  const [confirming, setConfirming] = useState(false)
  const cancel = useCancelSubscription()
  if (subscription.status !== "active" || subscription.plan === null) return null
  const plan = offerName(subscription.plan)
  const renews = subscription.renewsAt ? formatDate(subscription.renewsAt) : undefined

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false)
        toast({
          title: "Subscription Cancelled",
          description: "Your subscription has been cancelled and will not renew.",
          variant: "success",
        })
      },
      onError: () => {
        setConfirming(false)
        toast({
          title: "Cancellation Error",
          description: "Failed to cancel subscription. Please try again.",
          variant: "destructive",
        })
      },
    })

  return (
    <section
      aria-label="Active Subscription"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-success/30 bg-success/10 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <BadgeCheck className="mt-0.5 h-6 w-6 shrink-0 text-success" aria-hidden />
        <div>
          <div className="flex items-center gap-2">
            <h2 className="font-display text-lg font-semibold">Active Subscription</h2>
            <Badge tone="success">Active</Badge>
          </div>
          <p className="mt-1 text-sm text-muted">
            {plan} plan{renews && <> · Renews {renews}</>}
          </p>
        </div>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
        <ConfirmDialogContent
          title={`Cancel your ${plan} plan?`}
          cancelLabel="Keep my plan"
          confirmLabel="Cancel subscription"
          pendingLabel="Cancelling..."
          pending={cancel.isPending}
          onConfirm={confirm}
        >
          It will not renew. You keep your credits, and the plan stays active
          {renews ? ` until ${renews}` : " until the end of the period you paid for"}.
        </ConfirmDialogContent>
      </Dialog>
    </section>
  )
}

/** A cancelled plan still running: when it ends. */
export const EndingSubscriptionNote = ({
  subscription,
}: {
  readonly subscription: SubscriptionStatus
}) => {
  if (subscription.status !== "cancelled" || subscription.plan === null) return null
  return (
    <p className="rounded-2xl border border-line bg-surface-raised/60 px-4 py-3 text-sm text-muted">
      Your {offerName(subscription.plan)} plan is cancelled and will not renew
      {subscription.endsAt ? `; it stays active until ${formatDate(subscription.endsAt)}` : ""}.
    </p>
  )
}
