import type Stripe from "stripe"
import type { Delivery } from "./stripe.ts"
import { StripeRefusal } from "./stripe-charges.ts"
import type { StripeObjects } from "./stripe-objects.ts"

/**
 * Money going back, driven from a test: support refunds a payment, a card holder disputes one, their bank
 * decides. Each answers the events Stripe sends, delivered in the order asked for (or not at all, for the
 * test to deliver them itself: twice, late, out of order).
 */
export const reversalDrivers = (
  objects: StripeObjects,
  deliverAll: (batch: ReadonlyArray<Stripe.Event>, order: Delivery) => Promise<void>,
) => ({
  /** All that is left of a payment, unless `amountCents` says less: refund.created and charge.refunded. */
  refund: async (
    paymentIntentId: string,
    amountCents?: number,
    delivery: Delivery = "in-order",
  ) => {
    const sent = objects.events.length
    const made = objects.refund(paymentIntentId, {
      ...(amountCents !== undefined && { amount: String(amountCents) }),
      reason: "requested_by_customer",
    })
    if (made instanceof StripeRefusal) throw new Error(made.message)
    const batch = objects.events.slice(sent)
    await deliverAll(batch, delivery)
    return batch
  },

  dispute: async (paymentIntentId: string, delivery: Delivery = "in-order") => {
    const batch = [objects.dispute(paymentIntentId)]
    await deliverAll(batch, delivery)
    return batch
  },

  closeDispute: async (
    disputeId: string,
    outcome: "won" | "lost",
    delivery: Delivery = "in-order",
  ) => {
    const batch = [objects.closeDispute(disputeId, outcome)]
    await deliverAll(batch, delivery)
    return batch
  },
})
