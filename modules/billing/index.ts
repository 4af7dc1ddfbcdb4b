/** Billing: credit accounts, packs and subscriptions, payments through Stripe or the offline checkout. */

import { Effect, Layer, Option } from "effect"
import { Billing } from "./billing.ts"
import { BillingConfig, BillingConfigLive } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { DailyGrants } from "./daily-grants.ts"
import { BillingHttpLive as BillingGroupHttpLive } from "./http.ts"
import { FreeCreditsHttpLive } from "./http-free-credits.ts"
import { ReceiptsHttpLive } from "./http-receipts.ts"
import { OfflineCheckoutService } from "./offline-checkout.ts"
import { OfflinePaymentsLive } from "./offline-payments.ts"
import { Payments } from "./payments.ts"
import { Reconciliations } from "./reconciliations.ts"
import { makeStripe, StripeClient } from "./stripe-client.ts"
import { StripePaymentsLive } from "./stripe-payments.ts"
import { StripeWebhooks } from "./stripe-webhooks.ts"

export { BillingApi } from "./api.ts"
export { Billing } from "./billing.ts"
export { BillingConfig, billingConfig, describeBillingConfig } from "./config.ts"
export { CreditAccounts } from "./credit-accounts.ts"
export { CreditLedger } from "./credit-ledger.ts"
export { DailyGrants } from "./daily-grants.ts"
export { GenerationCreditsLive } from "./generation-credits.ts"
export { billingJobs } from "./jobs.ts"
export { RecordedMoney } from "./ledger-money.ts"
export { ledgerPageSize } from "./ledger-query.ts"
export { billingMigrations } from "./migrations.ts"
export { billingReactions } from "./reactions.ts"
export { reconciliationCsv } from "./reconciliation-csv.ts"
export { ReconciliationHttpLive } from "./reconciliation-http.ts"
export { Reconciliations } from "./reconciliations.ts"

/**
 * Stripe when configured, with its webhooks; the offline test-mode checkout otherwise (its page answers
 * "not found" when Stripe is configured).
 */
const PaymentsLive = Layer.unwrapEffect(
  Effect.map(BillingConfig, (config) => {
    return Option.match(config.stripe, {
      onNone: () =>
        OfflineCheckoutService.live.pipe(
          Layer.provideMerge(Payments.live),
          Layer.provideMerge(OfflinePaymentsLive),
        ),
      onSome: (settings) =>
        Layer.mergeAll(OfflineCheckoutService.live, StripeWebhooks.live).pipe(
          Layer.provideMerge(Payments.live),
          Layer.provideMerge(StripePaymentsLive),
          Layer.provideMerge(Layer.succeed(StripeClient, makeStripe(settings))),
        ),
    })
  }),
)

/** Billing's HTTP handlers. */
export const BillingHttpLive = Layer.mergeAll(
  BillingGroupHttpLive,
  FreeCreditsHttpLive,
  ReceiptsHttpLive,
)

/** Billing's services; the app provides the store, the app's address and the credit ledger's reads. */
export const BillingLive = Layer.mergeAll(
  Billing.live,
  DailyGrants.live,
  Reconciliations.live,
).pipe(
  Layer.provideMerge(PaymentsLive),
  Layer.provideMerge(CreditAccounts.live),
  Layer.provideMerge(BillingConfigLive),
)
