import type Stripe from "stripe"
import type { Delivery } from "./stripe.ts"
import type { StoredSession, StripeObjects } from "./stripe-objects.ts"
import { renewalAmount } from "./stripe-plan-changes.ts"
import { monthLater, seconds } from "./stripe-values.ts"

const retryAfter = 3 * 86_400

/**
 * Renewals, driven from a test as Stripe's scheduler and Smart Retries would: a period renewed and paid,
 * a subscription ended; and renewals the card does not pay, where the invoice stays open, `invoice.payment_failed` tells of each attempt, and paying it later sends
 * `invoice.paid`. Each answers the events sent, delivered in the order asked for (or not at all).
 */
export const renewalDrivers = (
  objects: StripeObjects,
  deliverAll: (batch: ReadonlyArray<Stripe.Event>, order: Delivery) => Promise<void>,
) => {
  const sessionOf = (subscriptionId: string) =>
    [...objects.sessions.values()].find((s) => s.subscription === subscriptionId) as StoredSession

  return {
    /** Stripe's scheduler charges the next period. */
    renew: async (subscriptionId: string, delivery: Delivery = "in-order") => {
      const subscription = objects.subscriptions.get(subscriptionId)!
      const item = subscription.items.data[0]!
      item.current_period_start = item.current_period_end
      item.current_period_end = monthLater(item.current_period_end)
      const session = sessionOf(subscriptionId)
      const { amount, ...taxes } = renewalAmount(subscription, session)
      const invoice = objects.newInvoice(
        subscription,
        amount,
        session.currency,
        "subscription_cycle",
        taxes,
      )
      const batch = [objects.makeEvent("invoice.paid", invoice)]
      await deliverAll(batch, delivery)
      return batch
    },

    /** The subscription is over (its cancelled period ran out). */
    end: async (subscriptionId: string, delivery: Delivery = "in-order") => {
      const subscription = objects.subscriptions.get(subscriptionId)!
      subscription.status = "canceled"
      const batch = [objects.makeEvent("customer.subscription.deleted", subscription)]
      await deliverAll(batch, delivery)
      return batch
    },

    /** The next period's invoice is made and its first charge fails. */
    failRenewal: async (subscriptionId: string, delivery: Delivery = "in-order") => {
      const subscription = objects.subscriptions.get(subscriptionId)!
      const item = subscription.items.data[0]!
      item.current_period_start = item.current_period_end
      item.current_period_end = monthLater(item.current_period_end)
      const session = sessionOf(subscriptionId)
      const invoice = objects.newInvoice(
        subscription,
        session.amount_total,
        session.currency,
        "subscription_cycle",
      )
      objects.invoicePayments.delete(invoice.id)
      Object.assign(invoice, {
        status: "open",
        amount_paid: 0,
        attempt_count: 1,
        attempted: true,
        next_payment_attempt: seconds(new Date()) + retryAfter,
      })
      subscription.status = "past_due"
      const batch = [objects.makeEvent("invoice.payment_failed", invoice)]
      await deliverAll(batch, delivery)
      return batch
    },

    /** Stripe tries the open invoice again and fails once more; `last` makes it the final attempt. */
    failAgain: async (invoiceId: string, last = false, delivery: Delivery = "in-order") => {
      const invoice = objects.invoices.get(invoiceId)!
      Object.assign(invoice, {
        attempt_count: (invoice.attempt_count as number) + 1,
        next_payment_attempt: last ? null : seconds(new Date()) + retryAfter,
      })
      const batch = [objects.makeEvent("invoice.payment_failed", invoice)]
      await deliverAll(batch, delivery)
      return batch
    },

    /** The subscriber updates their card and the open invoice is paid. */
    payInvoice: async (invoiceId: string, delivery: Delivery = "in-order") => {
      const invoice = objects.invoices.get(invoiceId)!
      const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } })
        .subscription_details.subscription
      Object.assign(invoice, {
        status: "paid",
        amount_paid: invoice.amount_due,
        next_payment_attempt: null,
      })
      objects.invoicePayments.set(invoiceId, {
        id: `inpay_${invoiceId}`,
        object: "invoice_payment",
        invoice: invoiceId,
        status: "paid",
        payment: {
          type: "payment_intent",
          payment_intent: objects.newPayment(
            invoice.amount_due as number,
            invoice.currency as string,
            invoice.customer,
          ),
        },
      })
      objects.subscriptions.get(subscriptionId)!.status = "active"
      const batch = [objects.makeEvent("invoice.paid", invoice)]
      await deliverAll(batch, delivery)
      return batch
    },
  }
}
