import { afterAll, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import type Stripe from "stripe"
import { balanceOf, describeApp, serverUrl, settle, signUp } from "#app/testing.ts"
import {
  type Browser,
  openPack as open,
  openPlan as openSubscription,
  stripeEnv,
  subscriptionOf,
} from "#app/testing-billing.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = stripeEnv(stripe)

const member = Effect.gen(function* () {
  const { person, user } = yield* signUp("payer")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  return { person, email: user.email, userId: user.id }
})

const pay = (sessionId: string, order?: "in-order" | "reversed" | "none") =>
  Effect.promise(() => stripe.pay(sessionId, order))
const openPack = (person: Browser) => open(person, { amount: 39.99, credits: 500 })
const openPlan = (person: Browser, planId: "BASIC" | "PRO" | "PREMIUM" = "PRO") =>
  openSubscription(person, planId)
const storedStripeEvents = (eventId: string) =>
  Effect.map(
    query<{ n: number }>(
      "select count(*)::int as n from billing.stripe_events where event_id = $1",
      [eventId],
    ),
    ([row]) => row?.n,
  )

describeApp({ env })("Stripe", (it) => {
  describe("packs through Stripe Checkout", () => {
    it.effect("opens a Stripe checkout at the server's price for the user's own customer", () =>
      Effect.gen(function* () {
        const { person, email, userId } = yield* member
        const opened = yield* openPack(person)
        expect(opened.url).toBe(`${stripe.url}/c/pay/${opened.sessionId}`)
        const customer = stripe.requests.find((r) => r.path === "/v1/customers")
        expect(customer?.body).toMatchObject({ email, metadata: { userId } })
        expect(customer?.idempotencyKey).toBe(`customer-${userId}`)
        const session = stripe.sessions.get(opened.sessionId)!
        expect(session).toMatchObject({
          mode: "payment",
          amount_total: 3999,
          currency: "eur",
          metadata: { userId, kind: "pack", item: "premium" },
          success_url: expect.stringMatching(
            /\/credits\?success=true&session_id=\{CHECKOUT_SESSION_ID\}$/,
          ),
        })
        // A second checkout reuses the customer.
        yield* openPack(person)
        expect(stripe.requests.filter((r) => r.path === "/v1/customers")).toHaveLength(1)
      }),
    )

    it.effect(
      "returning to /credits credits the pack even when the webhook is late; the webhook then changes nothing",
      () =>
        Effect.gen(function* () {
          const { person } = yield* member
          const { sessionId } = yield* openPack(person)
          const early = yield* person.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)
          expect(early.body).toEqual({ status: "pending", creditAmount: 500 })
          const [completed] = yield* pay(sessionId, "none")
          const verified = yield* person.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)
          expect(verified.body).toEqual({ status: "success", creditAmount: 500 })
          expect(yield* balanceOf(person)).toBe(500)
          const late = yield* Effect.promise(() => stripe.deliver(completed!))
          expect(late.status).toBe(200)
          expect(yield* balanceOf(person)).toBe(500)
        }),
    )

    it.effect("the webhook credits the pack; a replay of it changes nothing", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        const { sessionId } = yield* openPack(person)
        const [completed] = yield* pay(sessionId)
        expect(yield* balanceOf(person)).toBe(500)
        expect(yield* storedStripeEvents(completed!.id)).toBe(1)
        for (let i = 0; i < 3; i++) {
          expect((yield* Effect.promise(() => stripe.deliver(completed!))).status).toBe(200)
        }
        expect(yield* balanceOf(person)).toBe(500)
        const verified = yield* person.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)
        expect(verified.body).toEqual({ status: "success", creditAmount: 500 })
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          { id: sessionId, status: "completed", amount: 500, price: { amountCents: 3999 } },
        ])
      }),
    )

    it.effect("a webhook with a bad or missing signature is refused and changes nothing", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        const { sessionId } = yield* openPack(person)
        const [completed] = yield* pay(sessionId, "none")
        const forged = yield* Effect.promise(() =>
          stripe.deliver(completed!, { signature: "t=1,v1=0000" }),
        )
        expect(forged.status).toBe(400)
        expect(JSON.parse(forged.body)).toMatchObject({
          message: "The webhook signature does not match.",
        })
        // Signed, but not the payload that arrives: someone changed it on the way.
        const genuine = JSON.stringify(completed, null, 2)
        const tampered = yield* Effect.promise(() =>
          stripe.deliver(completed!, {
            payload: genuine.replace('"amount_total": 3999', '"amount_total": 1'),
            signature: stripe.sign(genuine),
          }),
        )
        expect(tampered.status).toBe(400)
        const unsigned = yield* Effect.promise(() =>
          fetch(`${stripe.webhookUrl()}`, {
            method: "POST",
            // Stripe's own content type, so that only the missing signature is wrong.
            headers: { "content-type": "application/json; charset=utf-8" },
            body: genuine,
          }),
        )
        expect(unsigned.status).toBe(400)
        expect(yield* Effect.promise(() => unsigned.json())).toMatchObject({
          message: "The Stripe-Signature header is missing.",
        })
        expect(yield* storedStripeEvents(completed!.id)).toBe(0)
        expect(yield* balanceOf(person)).toBe(0)
      }),
    )

    it.effect("when Stripe fails, the buyer is told to try again and nothing is recorded", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        stripe.fail("/v1/checkout/sessions")
        const refused = yield* Effect.flip(open(person, { amount: 4.99, credits: 50 })).pipe(
          Effect.ensuring(Effect.sync(() => stripe.recover())),
        )
        expect(refused).toMatchObject({
          _tag: "PaymentProviderFailed",
          message: "The payment service did not answer. Please try again in a moment.",
        })
        yield* settle
        expect((yield* person.get("/api/credits/transactions")).body).toEqual([])
      }),
    )
  })

  describe("subscriptions through Stripe", () => {
    it.effect("out-of-order delivery activates once and credits the first invoice once", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        const { sessionId } = yield* openPlan(person)
        expect(stripe.sessions.get(sessionId)).toMatchObject({
          mode: "subscription",
          amount_total: 1329,
        })
        yield* pay(sessionId, "reversed")
        expect(yield* balanceOf(person)).toBe(300)
        const verified = yield* person.get(
          `/api/payments/verify-subscription?sessionId=${sessionId}`,
        )
        expect(verified.body).toEqual({ status: "already_processed", planId: "PRO", credits: 300 })
        expect((yield* person.get("/api/subscription/status")).body).toMatchObject({
          status: "active",
          plan: "PRO",
        })
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          { id: sessionId, type: "subscription", status: "completed", amount: 300 },
        ])
      }),
    )

    it.effect(
      "returning first processes the subscription; the webhooks after it change nothing",
      () =>
        Effect.gen(function* () {
          const { person } = yield* member
          const { sessionId } = yield* openPlan(person, "BASIC")
          const pending = yield* person.get(
            `/api/payments/verify-subscription?sessionId=${sessionId}`,
          )
          expect(pending.body).toEqual({ status: "pending", planId: "BASIC", credits: 100 })
          const events = yield* pay(sessionId, "none")
          const verified = yield* person.get(
            `/api/payments/verify-subscription?sessionId=${sessionId}`,
          )
          expect(verified.body).toEqual({ status: "processed", planId: "BASIC", credits: 100 })
          for (const event of events) yield* Effect.promise(() => stripe.deliver(event))
          expect(yield* balanceOf(person)).toBe(100)
        }),
    )

    it.effect("each renewal invoice credits once; cancel stops renewal; the end ends it", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        const { sessionId } = yield* openPlan(person)
        yield* pay(sessionId)
        const subscriptionId = stripe.sessions.get(sessionId)!.subscription!
        const [renewal] = yield* Effect.promise(() => stripe.renew(subscriptionId))
        yield* Effect.promise(() => stripe.deliver(renewal as Stripe.Event))
        expect(yield* balanceOf(person)).toBe(600)
        const periodEnd =
          stripe.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end
        expect((yield* subscriptionOf(person)).renewsAt?.getTime()).toBe(periodEnd * 1000)

        const cancelled = yield* person.post("/api/subscription/cancel")
        expect(cancelled.body).toMatchObject({
          status: "cancelled",
          endsAt: new Date(periodEnd * 1000).toISOString(),
        })
        expect(stripe.requests.at(-1)).toMatchObject({
          method: "POST",
          path: `/v1/subscriptions/${subscriptionId}`,
          body: { cancel_at_period_end: "true" },
        })
        // Stripe's own report of the cancellation arrives later and changes nothing.
        const updated = stripe.lastEvent("customer.subscription.updated")!
        expect((yield* Effect.promise(() => stripe.deliver(updated))).status).toBe(200)
        expect((yield* person.get("/api/subscription/status")).body).toMatchObject({
          status: "cancelled",
        })

        yield* Effect.promise(() => stripe.end(subscriptionId))
        yield* settle
        expect((yield* person.get("/api/subscription/status")).body).toMatchObject({
          status: "inactive",
          plan: null,
        })
        expect(yield* balanceOf(person)).toBe(600)
        expect((yield* person.post("/api/subscription/create", { planId: "PRO" })).status).toBe(200)
      }),
    )

    it.effect("an expired checkout shows as cancelled", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        const { sessionId } = yield* openPlan(person)
        yield* Effect.promise(() => stripe.expire(sessionId))
        yield* settle
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          { id: sessionId, status: "cancelled" },
        ])
      }),
    )
  })
})
