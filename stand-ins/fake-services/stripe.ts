import { randomBytes } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { text } from "node:stream/consumers"
import qs from "qs"
import Stripe from "stripe"
import { secretEquals } from "#toolkit/secret-equals.ts"
import { StripeRefusal } from "./stripe-charges.ts"
import { checkoutDrivers } from "./stripe-checkouts.ts"
import { makeStripeObjects } from "./stripe-objects.ts"
import { portalRoutes } from "./stripe-portal.ts"
import { renewalDrivers } from "./stripe-renewals.ts"
import { reversalDrivers } from "./stripe-reversals.ts"
import { stripeRoutes } from "./stripe-routes.ts"
import { id, type Json } from "./stripe-values.ts"

/**
 * A local Stripe for tests: it speaks the part of Stripe's HTTP API the live adapter uses (form-encoded
 * bodies, bearer keys, idempotency keys, Stripe's error shape) and delivers webhooks signed the way
 * Stripe signs them, so the official client and our signature check both run for real.
 *
 * What a customer, their bank or Stripe's scheduler would do is driven from the test: `pay`, `renew`,
 * `end`, `expire`, `refund`, `dispute`, `closeDispute`.
 */

export type Delivery = "in-order" | "reversed" | "none"

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly body: Json
  readonly idempotencyKey: string | undefined
}

export const startFakeStripe = async () => {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`
  const signer = new Stripe(secretKey)
  const objects = makeStripeObjects()
  const { customers, sessions, subscriptions, invoicePayments, refunds, events } = objects
  const idempotent = new Map<string, Json>()
  const requests: Array<RecordedRequest> = []
  const failing = new Set<string>()
  let webhookUrl: string | undefined
  let base = ""

  const stripeError = (
    res: ServerResponse,
    status: number,
    message: string,
    type = "invalid_request_error",
    code?: string,
  ) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify({ error: { type, message, ...(code && { code }) } }))
  }
  const send = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json", "request-id": id("req") })
    res.end(JSON.stringify(body))
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

  const routes = [...stripeRoutes(objects, () => base), ...portalRoutes(customers, () => base)]

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
      if (answer instanceof StripeRefusal) {
        stripeError(res, answer.status, answer.message, "invalid_request_error", answer.code)
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
    /** Each invoice's payment, by the invoice's id. */
    invoicePayments,
    refunds,
    disputes: objects.disputes,
    /** The catalog's Prices, as a test creates them in the dashboard. */
    prices: objects.prices,
    invoices: objects.invoices,
    /** Each charge, by id, and a card payment made without a checkout (for lists and reconciliation). */
    charges: objects.charges,
    newPayment: objects.newPayment,
    /** Each payment intent, by id: a pack's is on its session once paid. */
    paymentIntents: objects.paymentIntents,
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

    ...checkoutDrivers(objects, deliverAll),
    ...reversalDrivers(objects, deliverAll),
    ...renewalDrivers(objects, deliverAll),

    /** The last event of a type, as sent. */
    lastEvent: (type: string) => events.filter((e) => e.type === type).at(-1),

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
