import { useQuery } from "@tanstack/react-query"
import { FlaskConical } from "lucide-react"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import { ActiveSubscriptionBanner, EndingSubscriptionNote } from "./active-subscription.tsx"
import { BalanceCard } from "./balance-card.tsx"
import { priceListQuery, subscriptionQuery } from "./credits-queries.ts"
import { CreditHistory } from "./history.tsx"
import { ManageBilling } from "./manage-billing.tsx"
import { PackPurchase } from "./pack-purchase.tsx"
import { PaymentDueBanner } from "./payment-due.tsx"
import { usePaymentReturn } from "./payment-return.ts"
import { PendingPlanChange } from "./plan-change.tsx"
import { PlanList } from "./plan-list.tsx"
import { SubscriptionPromo } from "./subscription-promo.tsx"

/** /credits: the balance, the plans and packs, and the history of every credit. */
export const CreditsPage = () => {
  usePaymentReturn()
  const priceList = useQuery(priceListQuery)
  const subscription = useQuery(subscriptionQuery)

  return (
    <section className="mx-auto max-w-5xl animate-rise space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Credits & Billing
          </h1>
          <p className="mt-2 text-muted">
            Buy credits, manage your plan, and see where every credit went.
          </p>
        </div>
        {priceList.data?.testMode && (
          <p className="inline-flex items-center gap-2 rounded-full border border-warning/30 bg-warning/10 px-3 py-1 text-xs font-semibold text-warning">
            <FlaskConical className="h-3.5 w-3.5" aria-hidden />
            Test mode: no card is charged
          </p>
        )}
        {priceList.data?.testMode === false && <ManageBilling />}
      </header>

      <BalanceCard songCost={priceList.data?.songCost ?? 5} />
      {subscription.data && <PaymentDueBanner subscription={subscription.data} />}
      {subscription.data && <ActiveSubscriptionBanner subscription={subscription.data} />}
      {subscription.data && <EndingSubscriptionNote subscription={subscription.data} />}
      {subscription.data && <PendingPlanChange subscription={subscription.data} />}
      <SubscriptionPromo />

      <Tabs defaultValue="plans">
        <TabsList className="max-w-md">
          <TabsTrigger value="plans">Monthly Plans</TabsTrigger>
          <TabsTrigger value="packs">One-Time Purchase</TabsTrigger>
        </TabsList>
        {priceList.isError && (
          <p className="mt-6 text-sm text-danger">
            Prices could not be loaded. Please refresh the page.
          </p>
        )}
        <TabsContent value="plans">
          {priceList.data && (
            <PlanList priceList={priceList.data} subscription={subscription.data} />
          )}
        </TabsContent>
        <TabsContent value="packs">
          {priceList.data && <PackPurchase priceList={priceList.data} />}
        </TabsContent>
      </Tabs>

      <CreditHistory />
    </section>
  )
}
