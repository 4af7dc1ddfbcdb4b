import { StripeRefusal } from "./stripe-charges.ts"
import type { Json } from "./stripe-values.ts"

/** A Price of the catalog, as a test creates it in the fake's dashboard. */
export interface StoredPrice extends Json {
  id: string
  unit_amount: number
  currency: string
  tax_behavior: "inclusive" | "exclusive" | "unspecified"
  recurring: { interval: "month" } | null
  product: string
}

/** What a checkout line or a subscription item charges: a Price by id, or one inline. */
export interface Charged {
  readonly amount: number
  readonly currency: string
  readonly taxBehavior: StoredPrice["tax_behavior"]
  readonly priceId: string | null
}

type Line = {
  price?: string
  price_data?: { currency: string; unit_amount: string; tax_behavior?: string }
}

export const chargedBy = (
  prices: ReadonlyMap<string, StoredPrice>,
  line: Line | undefined,
): Charged | StripeRefusal | undefined => {
  if (line?.price !== undefined) {
    const price = prices.get(line.price)
    if (!price) return new StripeRefusal(400, `No such price: '${line.price}'`, "resource_missing")
    return {
      amount: price.unit_amount,
      currency: price.currency,
      taxBehavior: price.tax_behavior,
      priceId: price.id,
    }
  }
  const data = line?.price_data
  if (!data) return undefined
  return {
    amount: Number(data.unit_amount),
    currency: data.currency,
    taxBehavior: (data.tax_behavior as StoredPrice["tax_behavior"]) ?? "unspecified",
    priceId: null,
  }
}

/** The fake's Stripe Tax: 20 % everywhere, inside an inclusive price or on top of an exclusive one. */
export const taxed = (charged: Charged, automaticTax: boolean) => {
  if (!automaticTax) return { subtotal: charged.amount, tax: 0, total: charged.amount }
  if (charged.taxBehavior === "exclusive") {
    const tax = Math.round(charged.amount * 0.2)
    return { subtotal: charged.amount, tax, total: charged.amount + tax }
  }
  const tax = Math.round(charged.amount - charged.amount / 1.2)
  return { subtotal: charged.amount, tax, total: charged.amount }
}
