import { useState } from "react"
import type { PlanId } from "#events/contracts/billing.ts"
import type { PriceList, SubscriptionStatus } from "#modules/billing/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialogContent } from "../../components/ui/confirm-dialog.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useChangePlan } from "./credits-queries.ts"
import { formatDate, formatPrice, offerName } from "./format.ts"
import { upgradeEstimate } from "./upgrade-estimate.ts"

const failed = (error: unknown) =>
  toast({
    title: "Plan not changed",
    description: errorMessage(error, "Your plan could not be changed. Please try again."),
    variant: "destructive",
  })

/**
 * An active subscriber's way to another plan: a dearer one now (what is charged now and the credits it
 * adds, estimated), a cheaper one at the renewal (on which date).
 */
export const PlanChangeButton = ({
  priceList,
  subscription,
  to,
}: {
  readonly priceList: PriceList
  readonly subscription: SubscriptionStatus
  readonly to: PlanId
}) => {
  const [open, setOpen] = useState(false)
  const change = useChangePlan()
  const from = priceList.plans.find((plan) => plan.id === subscription.plan)
  const target = priceList.plans.find((plan) => plan.id === to)
  if (!from || !target || !subscription.renewsAt) return null
  const renews = formatDate(subscription.renewsAt)
  const upgrade = target.priceCents > from.priceCents
  const estimate = upgradeEstimate(from, target, subscription.renewsAt, new Date())
  const waiting = subscription.nextPlan === to
  const label = upgrade ? "Upgrade now" : "Switch at renewal"

  // Awaited rather than mutate's callbacks: the card this button is on changes (or goes) with the plan.
  const confirm = () =>
    change.mutateAsync(to).then(
      () => {
        setOpen(false)
        toast({
          title: upgrade ? `You are on ${target.name} now` : `${target.name} from ${renews}`,
          description: upgrade
            ? "Your new credits are in your balance."
            : `You keep ${from.name} until then.`,
          variant: "success",
        })
      },
      (error: unknown) => {
        setOpen(false)
        failed(error)
      },
    )

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        className="mt-6"
        variant="primary"
        disabled={waiting || change.isPending}
        aria-label={`${waiting ? `Switching on ${renews}` : label}: ${target.name}`}
        onClick={() => setOpen(true)}
      >
        {waiting ? `Switching on ${renews}` : label}
      </Button>
      <ConfirmDialogContent
        title={upgrade ? `Upgrade to ${target.name} now?` : `Switch to ${target.name} at renewal?`}
        cancelLabel={`Keep ${from.name}`}
        confirmLabel={label}
        pendingLabel={upgrade ? "Upgrading..." : "Switching..."}
        pending={change.isPending}
        onConfirm={confirm}
      >
        {upgrade
          ? `About ${formatPrice(estimate.chargedCents, priceList.currency)} is charged now for the rest of this month (an estimate: the invoice decides, tax may apply), and ${estimate.credits} credits are added at once. From ${renews}, ${formatPrice(target.priceCents, priceList.currency)} a month for ${target.credits} credits.`
          : `Nothing is charged now: you keep ${from.name} and its credits until ${renews}, then ${target.name} renews at ${formatPrice(target.priceCents, priceList.currency)} a month for ${target.credits} credits.`}
      </ConfirmDialogContent>
    </Dialog>
  )
}

/** A downgrade waiting for the renewal, and the way to keep the current plan. */
export const PendingPlanChange = ({
  subscription,
}: {
  readonly subscription: SubscriptionStatus
}) => {
  const change = useChangePlan()
  const { plan, nextPlan, renewsAt } = subscription
  if (subscription.status !== "active" || !plan || !nextPlan || !renewsAt) return null
  return (
    <section
      aria-label="Plan change"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised/60 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        Your plan switches from {offerName(plan)} to {offerName(nextPlan)} on {formatDate(renewsAt)}
        .
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={change.isPending}
        onClick={() =>
          change
            .mutateAsync(plan)
            .then(() => toast({ title: `You keep ${offerName(plan)}`, variant: "success" }), failed)
        }
      >
        {change.isPending ? "Keeping..." : `Keep ${offerName(plan)}`}
      </Button>
    </section>
  )
}
