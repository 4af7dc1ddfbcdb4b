import type Stripe from "stripe"
import type { PackId, PlanId } from "#events/contracts/billing.ts"
import type { InvoiceLink } from "./invoice-links.ts"
import type { Money } from "./payment-facts.ts"
import type { StripeCatalog } from "./stripe-catalog.ts"

/** What a checkout or a plan change sells: the catalog's Price when configured, else the offer inline. */
export interface Sold {
  readonly offer: PackId | PlanId
  readonly priceCents: number
  readonly currency: string
  readonly description: string
  readonly recurring: boolean
}

/** Inline prices include the tax Stripe Tax computes: what people see on the Credits page is what they pay. */
const inlineTax = (catalog: StripeCatalog) =>
  catalog.automaticTax ? { tax_behavior: "inclusive" as const } : {}

export const checkoutLineItem = (
  catalog: StripeCatalog,
  sold: Sold,
): Stripe.Checkout.SessionCreateParams.LineItem => {
  const price = catalog.prices[sold.offer]
  if (price !== undefined) return { price, quantity: 1 }
  return {
    quantity: 1,
    price_data: {
      currency: sold.currency,
      unit_amount: sold.priceCents,
      product_data: { name: sold.description },
      ...inlineTax(catalog),
      ...(sold.recurring && { recurring: { interval: "month" as const } }),
    },
  }
}

/** Stripe Tax on a checkout: it needs the buyer's address, saved on their customer for renewals. */
export const checkoutTax = (catalog: StripeCatalog) =>
  catalog.automaticTax
    ? {
        automatic_tax: { enabled: true },
        customer_update: { address: "auto" as const, name: "auto" as const },
      }
    : {}

const taxOf = (amounts: ReadonlyArray<{ readonly amount: number }> | null | undefined) =>
  amounts?.reduce((sum, tax) => sum + tax.amount, 0) ?? 0

/** A pack's payment: what was paid, and the part of it before any tax added on top. */
export const sessionMoney = (session: Stripe.Checkout.Session): Money => ({
  amountCents: session.amount_total ?? 0,
  currency: session.currency ?? "",
  subtotalCents: session.amount_subtotal ?? session.amount_total ?? 0,
  taxCents: session.total_details?.amount_tax ?? 0,
})

/** An invoice's number and the page where the payer reads it: what a receipt links to. */
export const invoiceLink = (invoice: Stripe.Invoice): InvoiceLink => ({
  number: invoice.number ?? null,
  url: invoice.hosted_invoice_url ?? null,
})

export const invoiceMoney = (invoice: Stripe.Invoice) => ({
  amountCents: invoice.amount_paid,
  currency: invoice.currency,
  subtotalCents: invoice.subtotal ?? invoice.amount_paid,
  taxCents: taxOf(invoice.total_taxes),
  invoice: invoiceLink(invoice),
})

/**
 * A subscription item's new price on a change of plan: the catalog's Price when configured, else inline
 * on the product the subscription already bills (Stripe's item `price_data` names a product, never makes one).
 */
export const subscriptionItemPrice = (catalog: StripeCatalog, sold: Sold, product: string) => {
  const price = catalog.prices[sold.offer]
  if (price !== undefined) return { price }
  return {
    price_data: {
      currency: sold.currency,
      unit_amount: sold.priceCents,
      product,
      recurring: { interval: "month" as const },
      ...inlineTax(catalog),
    },
  }
}
