import type {
  PaymentDisputeClosed,
  PaymentDisputed,
  PaymentRefunded,
} from "#events/contracts/billing.ts"
import { describeMoney, offerNames } from "#modules/billing/api-offers.ts"
import type { MovementRows } from "./movements.ts"
import { refundReasonNames } from "./refund-reasons.ts"

// Payments going back, in the ledger under the payment they belong to, and in the person's history.

/** A payment as billing names it: a pack's checkout session, a plan's invoice. */
const causeOf = (event: { readonly kind?: "pack" | "subscription" | undefined }) =>
  event.kind === "pack" ? "checkout" : "invoice"

/** "your purchase of the Premium pack", "your Pro plan payment". */
const yourPayment = (event: PaymentRefunded | PaymentDisputed | PaymentDisputeClosed) =>
  event.item === undefined
    ? "your payment"
    : event.kind === "pack"
      ? `your purchase of the ${offerNames[event.item]} pack`
      : `your ${offerNames[event.item]} plan payment`

const credits = (amount: number) => `${amount} credit${amount === 1 ? "" : "s"}`

const entry = (id: string, description: string, amount: number) => ({
  id,
  type: "refund" as const,
  description,
  amount,
  status: "completed" as const,
  amountCents: null,
  currency: null,
})

export const paymentRefunded = (event: PaymentRefunded): MovementRows => {
  const money = describeMoney(event.amountCents, event.currency)
  const detail = `Refund ${event.refundId} of ${money} for ${causeOf(event)} ${event.paymentId}: ${refundReasonNames[event.reason]}; ${credits(event.amount)} taken back`
  return {
    cause: causeOf(event),
    causeId: event.paymentId,
    detail,
    // A declined plan's refund takes nothing: its checkout shows it refunded already.
    ...(event.reason !== "second_subscription" && {
      transaction: {
        ...entry(
          event.refundId,
          `Refund of ${yourPayment(event)}: ${money}, -${credits(event.amount)}`,
          -event.amount,
        ),
        amountCents: event.amountCents,
        currency: event.currency,
      },
    }),
  }
}

export const paymentDisputed = (event: PaymentDisputed | PaymentDisputeClosed): MovementRows => {
  const money = describeMoney(event.amountCents, event.currency)
  const cause = { cause: causeOf(event), causeId: event.paymentId }
  if (event._tag === "PaymentDisputed") {
    return {
      ...cause,
      detail: `Dispute ${event.disputeId} of ${money} opened: ${credits(event.held)} held`,
      transaction: entry(
        event.disputeId,
        `Dispute of ${yourPayment(event)}: ${credits(event.held)} held until it closes`,
        0,
      ),
    }
  }
  const won = event.outcome === "won"
  return {
    ...cause,
    detail: `Dispute ${event.disputeId} of ${money} ${won ? "won" : "lost"}: ${credits(event.released)} ${won ? "released" : "removed"}`,
    transaction: entry(
      `${event.disputeId}-closed`,
      // In the person's words: the payment stands (we won), or it went back to them (we lost).
      won
        ? `Dispute of ${yourPayment(event)} closed, the payment stands: ${credits(event.released)} released`
        : `Dispute of ${yourPayment(event)} closed, the payment went back to you: -${credits(event.amount)}`,
      -event.amount,
    ),
  }
}
