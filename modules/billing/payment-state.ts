import { Schema } from "effect"
import {
  PackId,
  type PaymentDisputeClosed,
  type PaymentDisputed,
  type PaymentRefunded,
  PlanId,
} from "#events/contracts/billing.ts"

/**
 * A payment that granted credits, by billing's name for it (a pack's checkout session, a plan's invoice),
 * with what refunds and disputes have taken of it so far. `taken` counts the credits taken back by refunds
 * and a lost dispute together, so that neither takes what the other took, whatever order they come in.
 */
export const PaymentState = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literal("pack", "subscription"),
  item: Schema.Union(PackId, PlanId),
  credits: Schema.Int,
  amountCents: Schema.Int,
  currency: Schema.String,
  refundedCents: Schema.Int,
  taken: Schema.Int,
  refunds: Schema.Array(Schema.String),
  /** One dispute per payment, as a card network allows; `held` while open. */
  dispute: Schema.NullOr(
    Schema.Struct({
      id: Schema.String,
      status: Schema.Literal("open", "won", "lost"),
      held: Schema.Int,
    }),
  ),
})
export type Payment = typeof PaymentState.Type

export const paid = (
  id: string,
  kind: Payment["kind"],
  item: Payment["item"],
  credits: number,
  money: { readonly amountCents: number; readonly currency: string },
): Payment => ({
  id,
  kind,
  item,
  credits,
  amountCents: money.amountCents,
  currency: money.currency,
  refundedCents: 0,
  taken: 0,
  refunds: [],
  dispute: null,
})

type PaymentEvent = PaymentRefunded | PaymentDisputed | PaymentDisputeClosed

/** What refunding or disputing a payment leaves of it. */
export const paymentAfter = (payment: Payment, event: PaymentEvent): Payment => {
  switch (event._tag) {
    case "PaymentRefunded": {
      const taken = payment.taken + event.amount
      return {
        ...payment,
        refundedCents: event.refundedCents ?? payment.refundedCents + event.amountCents,
        taken,
        refunds: [...payment.refunds, event.refundId],
        // A refund during a dispute leaves less of the payment's credits to hold.
        dispute:
          payment.dispute?.status === "open"
            ? { ...payment.dispute, held: payment.credits - taken }
            : payment.dispute,
      }
    }
    case "PaymentDisputed":
      return { ...payment, dispute: { id: event.disputeId, status: "open", held: event.held } }
    case "PaymentDisputeClosed":
      return {
        ...payment,
        taken: payment.taken + event.amount,
        dispute: { id: event.disputeId, status: event.outcome, held: 0 },
      }
  }
}

/** The account's payments with the one an event names changed by it. */
export const changing = (payments: ReadonlyArray<Payment>, event: PaymentEvent) =>
  payments.map((payment) =>
    payment.id === event.paymentId ? paymentAfter(payment, event) : payment,
  )
