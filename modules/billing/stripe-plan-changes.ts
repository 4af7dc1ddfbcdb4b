import { Effect } from "effect"
import type Stripe from "stripe"
import type { PlanId } from "#events/contracts/billing.ts"
import type { PaymentProviderFailed } from "./api.ts"
import type { StripeSettings } from "./config.ts"
import type { PaidInvoice, PlanChangeRequest } from "./payment-provider.ts"
import { planById } from "./price-list.ts"
import { callStripe, idOf } from "./stripe-client.ts"
import { subscriptionItemPrice } from "./stripe-line-items.ts"

/**
 * A change of plan at Stripe: the subscription's item takes the new price. An upgrade invoices its
 * prorated difference at once and is refused whole if the card does not pay it (nothing changes); a
 * downgrade prorates nothing, so the renewal invoices the new price. The metadata names the plan, and
 * for an upgrade the plan it came from: its invoice's credits are the difference (upgrade-invoices.ts).
 */
export const makeStripePlanChanges = (
  stripe: Stripe,
  settings: StripeSettings,
  /** An invoice's payment in our terms, with its charge; undefined unless paid. */
  paidWithCharge: (
    invoice: Stripe.Invoice,
  ) => Effect.Effect<PaidInvoice | undefined, PaymentProviderFailed>,
) =>
  Effect.fn("Stripe.changePlan")(function* (change: PlanChangeRequest) {
    const subscription = yield* callStripe("subscriptions.retrieve", () =>
      stripe.subscriptions.retrieve(change.subscriptionId),
    )
    const item = subscription.items.data[0]
    const product = idOf(item?.price.product)
    if (item === undefined || product === undefined) {
      return yield* Effect.die(new Error(`Stripe subscription ${subscription.id} has no item`))
    }
    const priced = (id: PlanId) => {
      const plan = planById(id)
      const sold = { offer: id, priceCents: plan.priceCents, currency: item.price.currency }
      const price = { ...sold, description: plan.name, recurring: true }
      return [{ id: item.id, ...subscriptionItemPrice(settings.catalog, price, product) }]
    }
    const upgrade = change.effective === "now"
    // A downgrade waiting at Stripe bills the cheaper price already: put the paid one back first, so that
    // the upgrade prorates from the plan the period was paid for.
    if (upgrade && item.price.unit_amount !== planById(change.fromPlan).priceCents) {
      yield* callStripe("subscriptions.update", () =>
        stripe.subscriptions.update(change.subscriptionId, {
          items: priced(change.fromPlan),
          proration_behavior: "none",
        }),
      )
    }
    const updated = yield* callStripe("subscriptions.update", () =>
      stripe.subscriptions.update(change.subscriptionId, {
        items: priced(change.toPlan),
        proration_behavior: upgrade ? "always_invoice" : "none",
        ...(upgrade && { payment_behavior: "error_if_incomplete" as const }),
        // An empty value removes the key: a downgrade's renewal invoice is a plain one.
        metadata: {
          userId: change.userId,
          plan: change.toPlan,
          upgradedFrom: upgrade ? change.fromPlan : "",
        },
      }),
    )
    const invoiceId = upgrade ? idOf(updated.latest_invoice) : undefined
    if (invoiceId === undefined) return { invoice: null }
    const invoice = yield* callStripe("invoices.retrieve", () =>
      stripe.invoices.retrieve(invoiceId),
    )
    if (invoice.billing_reason !== "subscription_update") return { invoice: null }
    return { invoice: (yield* paidWithCharge(invoice)) ?? null }
  })
