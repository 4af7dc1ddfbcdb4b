import { Effect } from "effect"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { addMonth } from "./months.ts"
import { offlineId } from "./offline-ids.ts"
import { Payments, providerActor } from "./payments.ts"
import { planById } from "./price-list.ts"
import { makeTestModeRecords } from "./test-mode-records.ts"

const localSubscription = "sub_local_"

export interface RenewalOptions {
  readonly now: Date
  /** Renews every active subscription, whether its period is over or not. */
  readonly force: boolean
}

/** The test mode's monthly renewals, as Stripe's scheduler would run them (see offline-checkout.ts). */
export const makeOfflineRenewals = Effect.gen(function* () {
  const payments = yield* Payments
  const accounts = yield* CreditAccounts
  const config = yield* BillingConfig
  const records = yield* makeTestModeRecords

  return Effect.fn("OfflineCheckout.renewSubscriptions")(function* (options: RenewalOptions) {
    const candidates = yield* accounts.withSubscription(localSubscription)
    let renewed = 0
    let ended = 0
    const actor = providerActor("offline")
    for (const userId of candidates) {
      const subscription = (yield* accounts.load(userId)).subscription
      if (!subscription?.id.startsWith(localSubscription)) continue
      if (subscription.status === "cancelled") {
        if (subscription.endsAt !== null && subscription.endsAt <= options.now) {
          yield* payments.subscriptionEnded(userId, subscription.id, actor)
          ended++
        }
        continue
      }
      if (!options.force && subscription.renewsAt > options.now) continue
      // A downgrade waiting for this renewal is what it invoices.
      const planId = subscription.nextPlan ?? subscription.plan
      const plan = planById(planId)
      const invoiceId = offlineId("in", `${subscription.id}/${subscription.renewsAt.toISOString()}`)
      const charge = { amountCents: plan.priceCents, currency: config.currency }
      yield* records.record({ object: "charge", id: invoiceId, paymentId: invoiceId, ...charge })
      const outcome = yield* payments.invoicePaid(
        userId,
        planId,
        {
          subscriptionId: subscription.id,
          invoiceId,
          periodEnd: addMonth(subscription.renewsAt),
          ...charge,
        },
        null,
        actor,
      )
      if (outcome === "processed") renewed++
    }
    return { renewed, ended }
  })
})
