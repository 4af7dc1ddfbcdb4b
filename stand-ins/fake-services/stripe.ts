import { randomBytes } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { text } from "node:stream/consumers"
import qs from "qs"
import Stripe from "stripe"
import { secretEquals } from "#toolkit/secret-equals.ts"

/**
 * A local Stripe for tests: it speaks the part of Stripe's HTTP API the live adapter uses (form-encoded
 * bodies, bearer keys, idempotency keys, Stripe's error shape) and delivers webhooks signed the way
 * Stripe signs them, so the official client and our signature check both run for real.
 *
 * What a customer or Stripe's scheduler would do is driven from the test: `pay`, `renew`, `end`, `expire`.
 */

type Json = Record<string, unknown>
type Delivery = "in-order" | "reversed" | "none"

interface StoredSession extends Json {
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

interface StoredSubscription extends Json {
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

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly body: Json
  readonly idempotencyKey: string | undefined
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
const monthLater = (from: number) => from + 30 * 86_400

export const startFakeStripe = async () => {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`
  const signer = new Stripe(secretKey)
  const customers = new Map<string, Json>()
  const sessions = new Map<string, StoredSession>()
  const subscriptions = new Map<string, StoredSubscription>()
  const invoices = new Map<string, Json>()
  const idempotent = new Map<string, Json>()
  const requests: Array<RecordedRequest> = []
  const events: Array<Stripe.Event> = []
  const failing = new Set<string>()
  let webhookUrl: string | undefined
  let base = ""

  const stripeError = (
    res: ServerResponse,
    status: number,
    message: string,
    type = "invalid_request_error",
  ) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify({ error: { type, message } }))
  }
  const send = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json", "request-id": id("req") })
    res.end(JSON.stringify(body))
  }

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

  /** Sends an event to the app as Stripe would; a test may forge the signature. */
  const deliver = async (
    event: Stripe.Event,
    options: { readonly signature?: string; readonly payload?: string } = {},
  ) => {
    if (webhookUrl === undefined) throw new Error("the fake Stripe has no webhook URL yet")
    const payload = options.payload ?? JSON.stringify(event, null, 2)
    const signature =
      options.signature ??
      signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    })
    return { status: response.status, body: await response.text() }
  }

  const deliverAll = async (batch: ReadonlyArray<Stripe.Event>, order: Delivery) => {
    if (order === "none") return
    for (const event of order === "reversed" ? [...batch].reverse() : batch) {
      const answer = await deliver(event)
      if (answer.status !== 200)
        throw new Error(`webhook ${event.type} answered ${answer.status}: ${answer.body}`)
    }
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

  const routes: Array<
    [string, RegExp, (match: RegExpMatchArray, body: Json, url: URL) => Json | undefined]
  > = [
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
        const lineItems = body.line_items as Array<{
          price_data: { currency: string; unit_amount: string; recurring?: unknown }
        }>
        const price = lineItems?.[0]?.price_data
        if (!price) return undefined
        const session: StoredSession = {
          id: id("cs_test"),
          object: "checkout.session",
          mode: body.mode as StoredSession["mode"],
          status: "open",
          payment_status: "unpaid",
          amount_total: Number(price.unit_amount),
          currency: price.currency,
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
        session.url = `${base}/c/pay/${session.id}`
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
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === "true"
          subscription.cancel_at = subscription.cancel_at_period_end
            ? subscription.items.data[0]!.current_period_end
            : null
          makeEvent("customer.subscription.updated", subscription)
        }
        return subscription
      },
    ],
    ["GET", /^\/v1\/invoices\/([^/]+)$/, (m) => invoices.get(m[1]!)],
  ]

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base)
    const raw = await text(req)
    const body = qs.parse(raw, { depth: 10, arrayLimit: 100 }) as Json
    const key = req.headers["idempotency-key"] as string | undefined
    requests.push({ method: req.method ?? "", path: url.pathname, body, idempotencyKey: key })
    if (!secretEquals(req.headers.authorization ?? "", `Bearer ${secretKey}`)) {
      stripeError(res, 401, "Invalid API Key provided.", "authentication_error")
      return
    }
    if (failing.has(url.pathname)) {
      stripeError(res, 500, "An unknown error occurred.", "api_error")
      return
    }
    if (key && idempotent.has(key)) {
      send(res, idempotent.get(key))
      return
    }
    for (const [method, pattern, handle] of routes) {
      const match = url.pathname.match(pattern)
      if (method !== req.method || !match) continue
      const answer = handle(match, body, url)
      if (answer === undefined) {
        stripeError(res, 404, `No such object: '${match[1] ?? url.pathname}'`)
        return
      }
      if (key) idempotent.set(key, answer)
      send(res, answer)
      return
    }
    stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    secretKey,
    webhookSecret,
    requests,
    events,
    customers,
    sessions,
    subscriptions,
    setWebhookUrl: (url: string) => {
      webhookUrl = url
    },
    webhookUrl: () => webhookUrl,
    /** The Stripe-Signature header Stripe would send with this payload. */
    sign: (payload: string) =>
      signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    /** Stripe answers 500 on this path until `recover`. */
    fail: (path: string) => failing.add(path),
    recover: () => failing.clear(),
    deliver,

    /**
     * The customer pays: the session completes; a subscription and its first invoice come into being.
     * Answers the events Stripe would send, delivered in the order asked for.
     */
    pay: async (sessionId: string, delivery: Delivery = "in-order") => {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      session.status = "complete"
      session.payment_status = "paid"
      const batch: Array<Stripe.Event> = []
      if (session.mode === "subscription") {
        const now = seconds(new Date())
        const subscription: StoredSubscription = {
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
              },
            ],
          },
        }
        subscriptions.set(subscription.id, subscription)
        const invoice = newInvoice(
          subscription,
          session.amount_total,
          session.currency,
          "subscription_create",
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

    /** Stripe's scheduler charges the next period. */
    renew: async (subscriptionId: string, delivery: Delivery = "in-order") => {
      const subscription = subscriptions.get(subscriptionId)!
      const item = subscription.items.data[0]!
      item.current_period_start = item.current_period_end
      item.current_period_end = monthLater(item.current_period_end)
      const session = [...sessions.values()].find((s) => s.subscription === subscriptionId)!
      const invoice = newInvoice(
        subscription,
        session.amount_total,
        session.currency,
        "subscription_cycle",
      )
      const batch = [makeEvent("invoice.paid", invoice)]
      await deliverAll(batch, delivery)
      return batch
    },

    /** The subscription is over (its cancelled period ran out). */
    end: async (subscriptionId: string, delivery: Delivery = "in-order") => {
      const subscription = subscriptions.get(subscriptionId)!
      subscription.status = "canceled"
      const batch = [makeEvent("customer.subscription.deleted", subscription)]
      await deliverAll(batch, delivery)
      return batch
    },

    expire: async (sessionId: string, delivery: Delivery = "in-order") => {
      const session = sessions.get(sessionId)!
      session.status = "expired"
      const batch = [makeEvent("checkout.session.expired", session)]
      await deliverAll(batch, delivery)
      return batch
    },

    /** The last event of a type, as sent. */
    lastEvent: (type: string) => events.filter((e) => e.type === type).at(-1),

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
