import Stripe from "stripe"
import { makeStripeCharges } from "./stripe-charges.ts"
import { makeStripeInvoices } from "./stripe-invoices.ts"
import { firstPrice } from "./stripe-plan-changes.ts"
import type { StoredPrice } from "./stripe-prices.ts"
import { id, type Json, monthLater, seconds } from "./stripe-values.ts"

export interface StoredSession extends Json {
  id: string
  mode: "payment" | "subscription"
  status: "open" | "complete" | "expired"
  payment_status: "unpaid" | "paid"
  amount_total: number
  currency: string
  metadata: Record<string, string>
  subscription: string | null
  invoice: string | null
}

export interface StoredSubscription extends Json {
  id: string
  status: string
  metadata: Record<string, string>
  cancel_at_period_end: boolean
  cancel_at: number | null
  items: {
    object: "list"
    data: Array<{
      id: string
      object: string
      current_period_start: number
      current_period_end: number
      price?: Json
    }>
  }
}

/** What the fake Stripe keeps: its objects as Stripe returns them, and every event it has sent. */
export const makeStripeObjects = () => {
  const customers = new Map<string, Json>()
  const sessions = new Map<string, StoredSession>()
  const subscriptions = new Map<string, StoredSubscription>()
  const prices = new Map<string, StoredPrice>()
  const events: Array<Stripe.Event> = []

  const makeEvent = (type: string, object: Json): Stripe.Event => {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: seconds(new Date()),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event
    events.push(event)
    return event
  }

  const { paymentIntents, charges, refunds, disputes, newPayment, refund, dispute, closeDispute } =
    makeStripeCharges(makeEvent)
  const { invoices, invoicePayments, newInvoice, packInvoice } = makeStripeInvoices(newPayment)

  /** The subscription a paid subscription checkout starts, its first period from now. */
  const newSubscription = (session: StoredSession): StoredSubscription => {
    const now = seconds(new Date())
    return {
      id: id("sub"),
      object: "subscription",
      status: "active",
      customer: session.customer,
      metadata:
        ((session.subscription_data as Json | null)?.metadata as Record<string, string>) ?? {},
      cancel_at_period_end: false,
      cancel_at: null,
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            current_period_start: now,
            current_period_end: monthLater(now),
            price: firstPrice(prices, session),
          },
        ],
      },
    }
  }

  return {
    packInvoice,
    prices,
    customers,
    sessions,
    subscriptions,
    invoices,
    paymentIntents,
    charges,
    invoicePayments,
    refunds,
    disputes,
    events,
    makeEvent,
    newPayment,
    newSubscription,
    newInvoice,
    refund,
    dispute,
    closeDispute,
  }
}

export type StripeObjects = ReturnType<typeof makeStripeObjects>
