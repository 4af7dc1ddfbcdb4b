import { StripeRefusal } from "./stripe-charges.ts"
import type { StoredSession, StoredSubscription, StripeObjects } from "./stripe-objects.ts"
import { chargedBy } from "./stripe-prices.ts"
import { id, type Json, seconds } from "./stripe-values.ts"

/** The price a subscription's item bills, as Stripe shows it on the item. */
export interface ItemPrice extends Json {
  id: string
  object: "price"
  unit_amount: number
  currency: string
  product: string
  recurring: { interval: "month" }
}

/** The item's first price: the checkout's Price, or an inline one on a product made for it. */
export const firstPrice = (prices: StripeObjects["prices"], session: StoredSession): ItemPrice => {
  const stored = typeof session.price === "string" ? prices.get(session.price) : undefined
  return {
    id: stored?.id ?? id("price"),
    object: "price",
    unit_amount: session.amount_subtotal as number,
    currency: session.currency,
    product: stored?.product ?? id("prod"),
    recurring: { interval: "month" },
  }
}

/** What the next renewal invoices: the item's price now (a change of plan's), with the checkout's tax. */
export const renewalAmount = (subscription: StoredSubscription, session: StoredSession) => {
  const price = subscription.items.data[0]?.price as ItemPrice | undefined
  if (price === undefined || price.unit_amount === session.amount_subtotal) {
    const tax = (session.total_details as { amount_tax: number }).amount_tax
    return { amount: session.amount_total, subtotal: session.amount_subtotal as number, tax }
  }
  return { amount: price.unit_amount, subtotal: price.unit_amount, tax: 0 }
}

type Item = {
  id?: string
  price?: string
  price_data?: { currency: string; unit_amount: string; tax_behavior?: string; product?: string }
}

/**
 * `POST /v1/subscriptions/:id` with `items`: the item takes the new price. With `always_invoice`, a dearer
 * price's prorated difference (the share of the period left) is invoiced and paid at once; with `none`,
 * nothing is invoiced and the renewal bills the new price. Sends `customer.subscription.updated`, then
 * `invoice.paid` (billing_reason subscription_update) for a proration; the test delivers them.
 */
export const changeItems = (
  objects: Pick<StripeObjects, "prices" | "makeEvent" | "newInvoice">,
  subscription: StoredSubscription,
  body: Json,
): StripeRefusal | undefined => {
  const [change] = body.items as Array<Item>
  const item = subscription.items.data[0]!
  if (change?.id !== item.id) {
    return new StripeRefusal(400, `No such subscription item: '${change?.id}'`, "resource_missing")
  }
  if (change.price_data !== undefined && typeof change.price_data.product !== "string") {
    return new StripeRefusal(
      400,
      "Missing required param: items[0][price_data][product].",
      "parameter_missing",
    )
  }
  const charged = chargedBy(objects.prices, change)
  if (charged === undefined || charged instanceof StripeRefusal) return charged
  const before = item.price as ItemPrice
  item.price = {
    ...before,
    id: charged.priceId ?? id("price"),
    unit_amount: charged.amount,
    currency: charged.currency,
    product: charged.priceId ? objects.prices.get(charged.priceId)!.product : before.product,
  }
  const metadata = { ...subscription.metadata, ...(body.metadata as Record<string, string>) }
  subscription.metadata = Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== ""))
  const now = seconds(new Date())
  const left =
    (item.current_period_end - now) / (item.current_period_end - item.current_period_start)
  const proration = Math.round((charged.amount - before.unit_amount) * Math.max(0, left))
  objects.makeEvent("customer.subscription.updated", subscription)
  if (body.proration_behavior === "always_invoice" && proration > 0) {
    const invoice = objects.newInvoice(
      subscription,
      proration,
      charged.currency,
      "subscription_update",
    )
    subscription.latest_invoice = invoice.id
    objects.makeEvent("invoice.paid", invoice)
  }
  return undefined
}
