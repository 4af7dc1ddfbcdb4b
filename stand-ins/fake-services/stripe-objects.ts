import Stripe from "stripe"
import { makeStripeCharges } from "./stripe-charges.ts"
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

/** How Stripe links an invoice to the payment that paid it (since its 2025 API versions). */
export interface StoredInvoicePayment extends Json {
  id: string
  invoice: string
  status: "paid"
  payment: { type: "payment_intent"; payment_intent: string }
}

/** What the fake Stripe keeps: its objects as Stripe returns them, and every event it has sent. */
export const makeStripeObjects = () => {
  const customers = new Map<string, Json>()
  const sessions = new Map<string, StoredSession>()
  const subscriptions = new Map<string, StoredSubscription>()
  const invoices = new Map<string, Json>()
  const invoicePayments = new Map<string, StoredInvoicePayment>()
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

  const newInvoice = (
    subscription: StoredSubscription,
    amount: number,
    currency: string,
    reason: "subscription_create" | "subscription_cycle" | "subscription_update",
    taxes: { readonly subtotal: number; readonly tax: number } = { subtotal: amount, tax: 0 },
  ) => {
    const item = subscription.items.data[0]!
    const invoice = {
      id: id("in"),
      object: "invoice",
      status: "paid",
      amount_paid: amount,
      amount_due: amount,
      subtotal: taxes.subtotal,
      total: amount,
      total_taxes: taxes.tax === 0 ? [] : [{ amount: taxes.tax, tax_behavior: "inclusive" }],
      created: seconds(new Date()),
      number: `FAKE-${invoices.size + 1}`,
      hosted_invoice_url: "",
      invoice_pdf: "",
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
    invoice.hosted_invoice_url = `https://invoice.stripe.com/i/${invoice.id}`
    invoice.invoice_pdf = `https://pay.stripe.com/invoice/${invoice.id}/pdf`
    invoices.set(invoice.id, invoice)
    const payment: StoredInvoicePayment = {
      id: id("inpay"),
      object: "invoice_payment",
      invoice: invoice.id,
      amount_paid: amount,
      amount_requested: amount,
      currency,
      is_default: true,
      livemode: false,
      status: "paid",
      payment: {
        type: "payment_intent",
        payment_intent: newPayment(amount, currency, subscription.customer),
      },
      status_transitions: { canceled_at: null, paid_at: seconds(new Date()) },
      created: seconds(new Date()),
    }
    invoicePayments.set(invoice.id, payment)
    return invoice
  }

  /** A paid pack's invoice, made when its checkout asked for one (`invoice_creation`). */
  const packInvoice = (session: StoredSession) => {
    const invoice = {
      id: id("in"),
      object: "invoice",
      status: "paid",
      amount_paid: session.amount_total,
      subtotal: session.amount_subtotal,
      total: session.amount_total,
      currency: session.currency,
      billing_reason: "manual",
      customer: session.customer,
      created: seconds(new Date()),
      number: `FAKE-${invoices.size + 1}`,
      hosted_invoice_url: "",
      invoice_pdf: "",
      parent: null,
      metadata: session.metadata,
      lines: { object: "list", has_more: false, data: [] },
    }
    invoice.hosted_invoice_url = `https://invoice.stripe.com/i/${invoice.id}`
    invoice.invoice_pdf = `https://pay.stripe.com/invoice/${invoice.id}/pdf`
    invoices.set(invoice.id, invoice)
    return invoice
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
