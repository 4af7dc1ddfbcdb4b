import { randomBytes } from "node:crypto"
import Stripe from "stripe"

export type Json = Record<string, unknown>

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
    }>
  }
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
export const monthLater = (from: number) => from + 30 * 86_400

/** What the fake Stripe keeps: its objects as Stripe returns them, and every event it has sent. */
export const makeStripeObjects = () => {
  const customers = new Map<string, Json>()
  const sessions = new Map<string, StoredSession>()
  const subscriptions = new Map<string, StoredSubscription>()
  const invoices = new Map<string, Json>()
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

  const newInvoice = (
    subscription: StoredSubscription,
    amount: number,
    currency: string,
    reason: "subscription_create" | "subscription_cycle",
  ) => {
    const item = subscription.items.data[0]!
    const invoice = {
      id: id("in"),
      object: "invoice",
      status: "paid",
      amount_paid: amount,
      currency,
      billing_reason: reason,
      customer: subscription.customer,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: id("il"),
            object: "line_item",
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
    }
    invoices.set(invoice.id, invoice)
    return invoice
  }

  return { customers, sessions, subscriptions, invoices, events, makeEvent, newInvoice }
}

export type StripeObjects = ReturnType<typeof makeStripeObjects>
