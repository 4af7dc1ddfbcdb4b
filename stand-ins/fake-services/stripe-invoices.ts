import type { StoredSession, StoredSubscription } from "./stripe-objects.ts"
import { id, type Json, seconds } from "./stripe-values.ts"

/** How Stripe links an invoice to the payment that paid it (since its 2025 API versions). */
export interface StoredInvoicePayment extends Json {
  id: string
  invoice: string
  status: "paid"
  payment: { type: "payment_intent"; payment_intent: string }
}

/**
 * The fake Stripe's invoices: a subscription's for each period it charges, and a pack's when its checkout
 * asked for one; each paid by a payment intent of `newPayment`'s, linked as Stripe links them.
 */
export const makeStripeInvoices = (
  newPayment: (amount: number, currency: string, customer: unknown) => string,
) => {
  const invoices = new Map<string, Json>()
  const invoicePayments = new Map<string, StoredInvoicePayment>()

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

  return { invoices, invoicePayments, newInvoice, packInvoice }
}
