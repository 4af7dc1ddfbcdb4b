import { Check } from "lucide-react"
import type { PlanId } from "#events/contracts/billing.ts"
import type { PriceList, SubscriptionStatus } from "#modules/billing/api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { toast } from "../../lib/toast/toast-store.ts"
import { useSubscribe } from "./credits-queries.ts"
import { formatPrice } from "./format.ts"
import { PlanChangeButton } from "./plan-change.tsx"

const subscriptionExists = {
  title: "Active Subscription Exists",
  description: "You already have an active subscription. Cancel it first to change plans.",
  variant: "destructive",
} as const

const isPlanId = (id: string): id is PlanId => id === "BASIC" || id === "PRO" || id === "PREMIUM"

/** The monthly plans; an active subscriber changes plan rather than subscribing again. */
export const PlanList = ({
  priceList,
  subscription,
}: {
  readonly priceList: PriceList
  readonly subscription: SubscriptionStatus | undefined
}) => {
  const subscribe = useSubscribe()
  const active = subscription?.status === "active"

  const choose = (planId: PlanId) => {
    if (active) {
      toast(subscriptionExists)
      return
    }
    subscribe.mutate(planId, {
      onError: (error) =>
        toast(
          error._tag === "ActiveSubscriptionExists"
            ? subscriptionExists
            : {
                title: "Subscription Error",
                description: "Failed to create subscription. Please try again.",
                variant: "destructive",
              },
        ),
    })
  }

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {priceList.plans.map((plan) => {
        const current = subscription?.plan === plan.id && subscription.status !== "inactive"
        const pending = subscribe.isPending && subscribe.variables === plan.id
        return (
          <Card
            key={plan.id}
            className="flex flex-col p-6"
            role="group"
            aria-label={`${plan.name} plan`}
          >
            <div className="flex items-center justify-between">
              <h3 className="font-display text-lg font-semibold">{plan.name}</h3>
              <Badge tone="accent">2x credits</Badge>
            </div>
            <p className="mt-4">
              <span className="font-display text-3xl font-bold">
                {formatPrice(plan.priceCents, priceList.currency)}
              </span>
              <span className="text-sm text-muted"> / month</span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-muted">
              <li className="flex gap-2">
                <Check className="h-4 w-4 text-success" aria-hidden />
                {plan.credits} credits every month
              </li>
              <li className="flex gap-2">
                <Check className="h-4 w-4 text-success" aria-hidden />
                {Math.floor(plan.credits / priceList.songCost)} songs a month
              </li>
              <li className="flex gap-2">
                <Check className="h-4 w-4 text-success" aria-hidden />
                Twice the credits of a pack at this price
              </li>
            </ul>
            {active && !current && isPlanId(plan.id) ? (
              <PlanChangeButton priceList={priceList} subscription={subscription} to={plan.id} />
            ) : (
              <Button
                className="mt-6"
                variant={current ? "secondary" : "primary"}
                disabled={current || subscribe.isPending || !isPlanId(plan.id)}
                onClick={() => isPlanId(plan.id) && choose(plan.id)}
              >
                {current ? "Your plan" : pending ? "Opening checkout..." : "Subscribe"}
              </Button>
            )}
          </Card>
        )
      })}
    </div>
  )
}
