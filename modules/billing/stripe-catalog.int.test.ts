import { afterAll, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, serverUrl, signUp } from "#app/testing.ts"
import { openPack, openPlan, stripeEnv } from "#app/testing-billing.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

// Premium packs are a catalog Price with tax on top; Pro plans one with tax inside; the rest inline.
const price = (id: string, amount: number, behavior: "inclusive" | "exclusive", monthly: boolean) =>
  stripe.prices.set(id, {
    id,
    object: "price",
    unit_amount: amount,
    currency: "eur",
    tax_behavior: behavior,
    recurring: monthly ? { interval: "month" } : null,
    product: "prod_test",
  })
price("price_premiumPack", 3999, "exclusive", false)
price("price_proPlan", 1329, "inclusive", true)

const env = {
  ...stripeEnv(stripe),
  STRIPE_PRICE_PACK_PREMIUM: "price_premiumPack",
  STRIPE_PRICE_PRO: "price_proPlan",
  STRIPE_AUTOMATIC_TAX: "true",
}

const member = Effect.gen(function* () {
  const { person, user } = yield* signUp("catalog")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  return { person, userId: user.id }
})
const lastCheckout = () => stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)
const taxOfEvent = (type: string, userId: string) =>
  Effect.map(
    query<{ tax: number | null }>(
      `select (data->>'taxCents')::int as tax from events
        where type = $1 and stream_id = $2`,
      [type, `credit-account-${userId}`],
    ),
    (rows) => rows.map((row) => row.tax),
  )

describeApp({ env })("Stripe's catalog and Stripe Tax", (it) => {
  describe("checkouts", () => {
    it.effect(
      "a configured Price is sold by its id, with Stripe Tax and an invoice for the pack",
      () =>
        Effect.gen(function* () {
          const { person, userId } = yield* member
          const { sessionId } = yield* openPack(person, { amount: 39.99, credits: 500 })
          expect(lastCheckout()?.body).toMatchObject({
            mode: "payment",
            line_items: [{ price: "price_premiumPack", quantity: "1" }],
            automatic_tax: { enabled: "true" },
            customer_update: { address: "auto", name: "auto" },
            invoice_creation: { enabled: "true" },
          })
          expect(stripe.sessions.get(sessionId)).toMatchObject({
            amount_subtotal: 3999,
            amount_total: 4799,
          })
          // Tax on top: the buyer paid 47.99, of which 8.00 tax; the credits are the pack's.
          yield* Effect.promise(() => stripe.pay(sessionId))
          expect(yield* balanceOf(person)).toBe(500)
          expect(stripe.sessions.get(sessionId)?.invoice).toMatch(/^in_/)
          expect(yield* taxOfEvent("CreditsPurchased", userId)).toEqual([800])
        }),
    )

    it.effect("an offer without a Price stays inline, its tax inside the price", () =>
      Effect.gen(function* () {
        const { person, userId } = yield* member
        const { sessionId } = yield* openPlan(person, "BASIC")
        expect(lastCheckout()?.body).toMatchObject({
          mode: "subscription",
          line_items: [
            {
              quantity: "1",
              price_data: {
                unit_amount: "499",
                currency: "eur",
                tax_behavior: "inclusive",
                recurring: { interval: "month" },
              },
            },
          ],
          automatic_tax: { enabled: "true" },
        })
        expect(lastCheckout()?.body).not.toHaveProperty("invoice_creation")
        yield* Effect.promise(() => stripe.pay(sessionId))
        expect(yield* balanceOf(person)).toBe(100)
        expect(yield* taxOfEvent("SubscriptionCreditsGranted", userId)).toEqual([83])
      }),
    )

    it.effect("a plan with a Price is subscribed by its id", () =>
      Effect.gen(function* () {
        const { person } = yield* member
        const { sessionId } = yield* openPlan(person, "PRO")
        expect(lastCheckout()?.body).toMatchObject({
          line_items: [{ price: "price_proPlan", quantity: "1" }],
        })
        yield* Effect.promise(() => stripe.pay(sessionId))
        expect(yield* balanceOf(person)).toBe(300)
      }),
    )
  })
})
