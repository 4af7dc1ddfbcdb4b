import { Effect } from "effect"
import type Stripe from "stripe"
import type { RefundReason } from "#events/contracts/billing.ts"
import { PaymentNotRecorded } from "./api.ts"
import { providerActor } from "./payments.ts"
import { makeProviderPayments } from "./provider-payments.ts"
import { makeProviderReversals } from "./provider-reversals.ts"
import { callStripe, idOf, StripeClient } from "./stripe-client.ts"
import { givesBack } from "./stripe-refunds.ts"

const actor = providerActor("stripe")

const reasonOf = (refund: Stripe.Refund): RefundReason => {
  if (refund.metadata?.reason === "second_subscription") return "second_subscription"
  switch (refund.reason) {
    case "duplicate":
    case "fraudulent":
    case "requested_by_customer":
      return refund.reason as RefundReason
    case "expired_uncaptured_charge":
      return "provider"
    default:
      return "support"
  }
}

/** Stripe's dispute statuses once closed: a warning (an inquiry) that closed is as good as won. */
const outcomes: Record<string, "won" | "lost"> = { won: "won", warning_closed: "won", lost: "lost" }

/** What Stripe's refunds and disputes mean for the account of the payment they belong to. */
export const makeStripeReversals = Effect.gen(function* () {
  const { stripe } = yield* StripeClient
  const providerPayments = yield* makeProviderPayments
  const { reported } = yield* makeProviderReversals

  /**
   * The payment billing recorded for a charge. A refund or dispute can reach us before the payment it
   * belongs to (its checkout.session.completed or invoice.paid is late or still being retried): then it is
   * refused, recording nothing and not remembered as handled, so that Stripe delivers it again later, by
   * when the payment is recorded.
   */
  const paymentOf = (charge: {
    readonly payment_intent: string | { readonly id: string } | null
    readonly charge: string | { readonly id: string } | null
  }) =>
    Effect.flatMap(
      providerPayments.find({
        paymentIntentId: idOf(charge.payment_intent) ?? null,
        chargeId: idOf(charge.charge) ?? null,
      }),
      (found) =>
        found === undefined
          ? Effect.zipRight(
              Effect.logWarning(
                "Stripe: a refund or dispute of a payment not recorded yet, refused",
                {
                  paymentIntent: idOf(charge.payment_intent),
                },
              ),
              Effect.fail(
                new PaymentNotRecorded({
                  message:
                    "The payment this event belongs to is not recorded yet. Send it again later.",
                }),
              ),
            )
          : Effect.succeed(found),
    )

  /** Each refund of a charge that gives money back, once by its id however many events name it. */
  const refunded = (refunds: ReadonlyArray<Stripe.Refund>) =>
    Effect.gen(function* () {
      const records = []
      for (const refund of refunds.filter((r) => !givesBack(r))) {
        // Not reversed here yet: finance settles a recorded refund that failed with an adjustment.
        yield* Effect.logError(
          `Stripe: refund ${refund.id} is ${refund.status}; if it was recorded, its credits stay taken back`,
        )
      }
      for (const refund of refunds.filter(givesBack)) {
        const payment = yield* paymentOf(refund)
        records.push(
          reported(
            {
              _tag: "RecordPaymentRefund",
              userId: payment.userId,
              paymentId: payment.paymentId,
              refundId: refund.id,
              reason: reasonOf(refund),
              amountCents: refund.amount,
              currency: refund.currency,
            },
            actor,
          ),
        )
      }
      return Effect.all(records, { discard: true })
    })

  /** charge.refunded carries what was refunded in all; its refunds are listed, each recorded once. */
  const chargeRefunded = (charge: Stripe.Charge) =>
    Effect.flatMap(
      callStripe("refunds.list", () => stripe.refunds.list({ charge: charge.id, limit: 100 })),
      (list) => refunded(list.data),
    )

  const disputed = (dispute: Stripe.Dispute, closed: boolean) =>
    Effect.gen(function* () {
      const payment = yield* paymentOf(dispute)
      const common = {
        userId: payment.userId,
        paymentId: payment.paymentId,
        disputeId: dispute.id,
        amountCents: dispute.amount,
        currency: dispute.currency,
      }
      if (!closed) return reported({ _tag: "RecordDispute", ...common }, actor)
      const outcome = outcomes[dispute.status]
      if (outcome === undefined) {
        return Effect.logWarning(
          `Stripe dispute ${dispute.id} closed as ${dispute.status}: ignored`,
        )
      }
      return reported({ _tag: "CloseDispute", ...common, outcome }, actor)
    })

  return { refunded, chargeRefunded, disputed }
})
