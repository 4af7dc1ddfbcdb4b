import type Stripe from "stripe"
import type { Delivery } from "./stripe.ts"
import type { StoredSession, StripeObjects } from "./stripe-objects.ts"
import type { Json } from "./stripe-values.ts"

const taxesOf = (session: StoredSession) => ({
  subtotal: session.amount_subtotal as number,
  tax: (session.total_details as { amount_tax: number }).amount_tax,
})

/**
 * Checkouts, driven from a test as the customer would: paid or left to expire. Each answers the events
 * Stripe would send, delivered in the order asked for (or not at all).
 */
export const checkoutDrivers = (
  objects: StripeObjects,
  deliverAll: (batch: ReadonlyArray<Stripe.Event>, order: Delivery) => Promise<void>,
) => {
  const {
    sessions,
    subscriptions,
    makeEvent,
    newInvoice,
    newPayment,
    newSubscription,
    packInvoice,
  } = objects

  return {
    /** The customer pays: the session completes; a subscription and its first invoice come into being. */
    pay: async (sessionId: string, delivery: Delivery = "in-order") => {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      session.status = "complete"
      session.payment_status = "paid"
      const batch: Array<Stripe.Event> = []
      if (session.mode === "payment") {
        session.payment_intent = newPayment(
          session.amount_total,
          session.currency,
          session.customer,
        )
        if ((session.invoice_creation as Json | null)?.enabled === "true") {
          const invoice = packInvoice(session)
          session.invoice = invoice.id
          batch.push(makeEvent("invoice.paid", invoice))
        }
      }
      if (session.mode === "subscription") {
        const subscription = newSubscription(session)
        subscriptions.set(subscription.id, subscription)
        const invoice = newInvoice(
          subscription,
          session.amount_total,
          session.currency,
          "subscription_create",
          taxesOf(session),
        )
        session.subscription = subscription.id
        session.invoice = invoice.id
        batch.push(makeEvent("customer.subscription.created", subscription))
        batch.push(makeEvent("invoice.paid", invoice))
      }
      batch.splice(
        session.mode === "subscription" ? 1 : 0,
        0,
        makeEvent("checkout.session.completed", session),
      )
      await deliverAll(batch, delivery)
      return batch
    },

    /** The customer never pays: the session expires. */
    expire: async (sessionId: string, delivery: Delivery = "in-order") => {
      const session = sessions.get(sessionId)!
      session.status = "expired"
      const batch = [makeEvent("checkout.session.expired", session)]
      await deliverAll(batch, delivery)
      return batch
    },
  }
}
