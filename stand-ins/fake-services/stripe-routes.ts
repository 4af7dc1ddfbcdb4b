import { StripeRefusal } from "./stripe-charges.ts"
import { byPayment, listPage } from "./stripe-lists.ts"
import type { StoredSession, StripeObjects } from "./stripe-objects.ts"
import { changeItems } from "./stripe-plan-changes.ts"
import { chargedBy, taxed } from "./stripe-prices.ts"
import { id, type Json, seconds } from "./stripe-values.ts"

/**
 * A route of the fake Stripe: method, path, and the object it answers (undefined: no such object), or
 * Stripe's refusal.
 */
export type Route = [
  string,
  RegExp,
  (match: RegExpMatchArray, body: Json, url: URL) => Json | StripeRefusal | undefined,
]

const list = (url: URL, data: ReadonlyArray<Json>) => ({
  object: "list",
  data,
  has_more: false,
  url: url.pathname,
})

/** Stripe's answer to cancelling a subscription that is cancelled already. */
const cancelledAlready = (subscriptionId: string) =>
  new StripeRefusal(404, `No such subscription: '${subscriptionId}'`, "resource_missing")

/** The part of Stripe's API the live adapter calls; `base` is where checkout pages are served. */
export const stripeRoutes = (
  {
    customers,
    sessions,
    subscriptions,
    invoices,
    invoicePayments,
    paymentIntents,
    charges,
    refunds,
    prices,
    disputes,
    makeEvent,
    newInvoice,
    refund,
  }: StripeObjects,
  base: () => string,
): Array<Route> => [
  [
    "POST",
    /^\/v1\/customers$/,
    (_m, body) => {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        created: seconds(new Date()),
      }
      customers.set(customer.id, customer)
      return customer
    },
  ],
  [
    "POST",
    /^\/v1\/checkout\/sessions$/,
    (_m, body) => {
      const lineItems = body.line_items as Array<Parameters<typeof chargedBy>[1]>
      const charged = chargedBy(prices, lineItems?.[0])
      if (charged === undefined || charged instanceof StripeRefusal) return charged
      const automaticTax = (body.automatic_tax as Json | undefined)?.enabled === "true"
      const { subtotal, tax, total } = taxed(charged, automaticTax)
      const session: StoredSession = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: body.mode as StoredSession["mode"],
        status: "open",
        payment_status: "unpaid",
        amount_total: total,
        amount_subtotal: subtotal,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
        automatic_tax: { enabled: automaticTax, status: automaticTax ? "complete" : null },
        customer_update: body.customer_update ?? null,
        invoice_creation: body.invoice_creation ?? null,
        price: charged.priceId,
        currency: charged.currency,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        subscription: null,
        invoice: null,
        payment_intent: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: "",
        line_items_requested: lineItems,
        subscription_data: body.subscription_data ?? null,
      }
      session.url = `${base()}/c/pay/${session.id}`
      sessions.set(session.id, session)
      return session
    },
  ],
  [
    "GET",
    /^\/v1\/checkout\/sessions$/,
    (_m, _body, url) => {
      const subscription = url.searchParams.get("subscription")
      const data = [...sessions.values()].filter(
        (s) => subscription === null || s.subscription === subscription,
      )
      return { object: "list", data, has_more: false, url: "/v1/checkout/sessions" }
    },
  ],
  ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (m) => sessions.get(m[1]!)],
  ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (m) => subscriptions.get(m[1]!)],
  [
    "POST",
    /^\/v1\/subscriptions\/([^/]+)$/,
    (m, body) => {
      const subscription = subscriptions.get(m[1]!)
      if (!subscription) return undefined
      if (subscription.status === "canceled") {
        return new StripeRefusal(
          400,
          "A canceled subscription can only update its cancellation_details and metadata.",
          "subscription_canceled",
        )
      }
      if (body.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = body.cancel_at_period_end === "true"
        subscription.cancel_at = subscription.cancel_at_period_end
          ? subscription.items.data[0]!.current_period_end
          : null
        makeEvent("customer.subscription.updated", subscription)
      }
      if (body.items !== undefined) {
        const refused = changeItems({ prices, makeEvent, newInvoice }, subscription, body)
        if (refused) return refused
      }
      return subscription
    },
  ],
  [
    // Cancelling now: no more invoices, no proration (neither `invoice_now` nor `prorate` is asked).
    "DELETE",
    /^\/v1\/subscriptions\/([^/]+)$/,
    (m) => {
      const subscription = subscriptions.get(m[1]!)
      if (!subscription) return undefined
      if (subscription.status === "canceled") return cancelledAlready(subscription.id)
      subscription.status = "canceled"
      subscription.canceled_at = seconds(new Date())
      subscription.ended_at = subscription.canceled_at
      makeEvent("customer.subscription.deleted", subscription)
      return subscription
    },
  ],
  ["GET", /^\/v1\/invoices\/([^/]+)$/, (m) => invoices.get(m[1]!)],
  [
    "GET",
    /^\/v1\/invoice_payments$/,
    (_m, _body, url) => {
      const [invoice, status] = [url.searchParams.get("invoice"), url.searchParams.get("status")]
      const data = [...invoicePayments.values()].filter(
        (p) =>
          (invoice === null || p.invoice === invoice) && (status === null || p.status === status),
      )
      return list(url, data)
    },
  ],
  [
    "POST",
    /^\/v1\/refunds$/,
    (_m, body) => {
      const byCharge = [...paymentIntents.values()].find((p) => p.latest_charge === body.charge)
      const paymentIntent =
        typeof body.payment_intent === "string" ? body.payment_intent : byCharge?.id
      return paymentIntent !== undefined
        ? refund(paymentIntent, body)
        : new StripeRefusal(
            400,
            "One of `charge` or `payment_intent` is required.",
            "parameter_missing",
          )
    },
  ],
  ["GET", /^\/v1\/refunds$/, (_m, _body, url) => listPage(url, refunds.values(), byPayment(url))],
  ["GET", /^\/v1\/refunds\/([^/]+)$/, (m) => refunds.get(m[1]!)],
  [
    "GET",
    /^\/v1\/charges$/,
    (_m, _body, url) => {
      const paymentIntent = url.searchParams.get("payment_intent")
      return listPage(
        url,
        charges.values(),
        (c) => paymentIntent === null || c.payment_intent === paymentIntent,
      )
    },
  ],
  ["GET", /^\/v1\/charges\/([^/]+)$/, (m) => charges.get(m[1]!)],
  ["GET", /^\/v1\/payment_intents\/([^/]+)$/, (m) => paymentIntents.get(m[1]!)],
  ["GET", /^\/v1\/disputes$/, (_m, _body, url) => listPage(url, disputes.values(), byPayment(url))],
  ["GET", /^\/v1\/disputes\/([^/]+)$/, (m) => disputes.get(m[1]!)],
]
