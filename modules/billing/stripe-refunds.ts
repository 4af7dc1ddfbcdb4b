import { Effect } from "effect"
import type Stripe from "stripe"
import type { RefundReason } from "#events/contracts/billing.ts"
import { PaymentProviderFailed } from "./api.ts"
import { callStripe, idOf } from "./stripe-client.ts"

/** A subscription in one of these states is never invoiced again. */
const over = new Set<string>(["canceled", "incomplete_expired"])

/** A refund that gives the payment back, or will: not one that failed or was cancelled. */
export const givesBack = (refund: Stripe.Refund) =>
  refund.status !== "failed" && refund.status !== "canceled"

/** Ending subscriptions and giving invoices back, through Stripe's API (see payment-provider.ts). */
export const makeStripeRefunds = (stripe: Stripe) => {
  const endSubscriptionNow = (subscriptionId: string) =>
    Effect.gen(function* () {
      const subscription = yield* callStripe("subscriptions.retrieve", () =>
        stripe.subscriptions.retrieve(subscriptionId),
      )
      // Stripe answers "no such subscription" to cancelling one that is cancelled already.
      if (over.has(subscription.status)) return
      yield* callStripe("subscriptions.cancel", () =>
        stripe.subscriptions.cancel(
          subscriptionId,
          { cancellation_details: { comment: "Another subscription was active already." } },
          { idempotencyKey: `end-${subscriptionId}` },
        ),
      )
    })

  /**
   * Since Stripe's 2025 API versions an invoice names its payment through its invoice payments. A refund
   * Stripe holds already for that payment is the one answered: the idempotency key alone lasts 24 hours,
   * retries may come later.
   */
  const refundInvoice = (invoice: { readonly invoiceId: string }, reason: RefundReason) =>
    Effect.gen(function* () {
      const { invoiceId } = invoice
      const payments = yield* callStripe("invoicePayments.list", () =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: "paid" }),
      )
      const paymentIntent = idOf(payments.data[0]?.payment.payment_intent)
      if (paymentIntent === undefined) {
        yield* Effect.logError(`Stripe: invoice ${invoiceId} has no paid payment to refund`)
        return yield* new PaymentProviderFailed({
          message: "The payment service has no payment to refund for this invoice.",
        })
      }
      const earlier = yield* callStripe("refunds.list", () =>
        stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }),
      )
      const refund =
        earlier.data.find(givesBack) ??
        (yield* callStripe("refunds.create", () =>
          stripe.refunds.create(
            {
              payment_intent: paymentIntent,
              reason: "duplicate",
              metadata: { invoiceId, reason },
            },
            { idempotencyKey: `refund-${invoiceId}` },
          ),
        ))
      return { refundId: refund.id, amountCents: refund.amount, currency: refund.currency }
    })

  return { endSubscriptionNow, refundInvoice }
}
