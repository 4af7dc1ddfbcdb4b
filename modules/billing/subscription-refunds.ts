import { Effect, Schema } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import type { SubscriptionDeclined } from "#events/contracts/billing.ts"
import type { JobKind } from "#toolkit/jobs.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { PaymentProvider } from "./payment-provider.ts"

export const DeclinedPayment = Schema.Struct({
  userId: Schema.String,
  subscriptionId: Schema.String,
  invoiceId: Schema.String,
  amountCents: Schema.Int,
  currency: Schema.String,
})
export type DeclinedPayment = typeof DeclinedPayment.Type

export const declinedPayment = (declined: SubscriptionDeclined): DeclinedPayment => ({
  userId: declined.userId,
  subscriptionId: declined.subscriptionId,
  invoiceId: declined.invoiceId,
  amountCents: declined.amountCents,
  currency: declined.currency,
})

const actor = Actors.system("subscription-refunds")

/**
 * A subscription the account declined (another was active) is ended at its provider at once, so it never
 * bills again, and its payment goes back in full, recorded on the account once. Enqueued with the decline;
 * each step is idempotent at the provider, so a retry after a crash repeats nothing. Stripe may be down for
 * a while: 25 attempts with graphile-worker's backoff keep trying for about four days, and one that fails
 * for good is in the admin error stream.
 */
export const refundDeclinedSubscription: JobKind<
  DeclinedPayment,
  PaymentProvider | CreditAccounts
> = {
  name: "billing:refund-declined-subscription",
  payload: DeclinedPayment,
  maxAttempts: 25,
  run: (payment) =>
    Effect.gen(function* () {
      const provider = yield* PaymentProvider
      const accounts = yield* CreditAccounts
      const { declined } = yield* accounts.load(payment.userId)
      const decided = declined.find((d) => d.invoiceId === payment.invoiceId)
      // The job is enqueued in the decline's transaction: without it, nothing is refunded.
      if (decided === undefined) return yield* Effect.die(`${payment.invoiceId} was not declined`)
      if (decided.refundId !== null) return
      yield* provider.endSubscriptionNow(payment.subscriptionId)
      const refund = yield* provider.refundInvoice(payment, "second_subscription")
      yield* accounts
        .execute(
          {
            _tag: "RecordPaymentRefund",
            userId: payment.userId,
            paymentId: payment.invoiceId,
            refundId: refund.refundId,
            reason: "second_subscription",
            amountCents: refund.amountCents,
            currency: refund.currency,
          },
          actor,
        )
        .pipe(Effect.catchTag("PaymentAlreadyRefunded", () => Effect.void))
    }),
}
