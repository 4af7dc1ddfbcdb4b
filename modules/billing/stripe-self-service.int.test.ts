import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, serverUrl, settle, signUp } from "#app/testing.ts"
import { openPack, stripeEnv } from "#app/testing-billing.ts"
import { callAs } from "#app/testing-client.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = {
  ...stripeEnv(stripe),
  STRIPE_AUTOMATIC_TAX: "true",
}

/** A person who bought the Pro pack through Stripe Checkout. */
const buyer = Effect.gen(function* () {
  const { person } = yield* signUp("portal")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  const { sessionId } = yield* openPack(person, { amount: 13.29, credits: 150 })
  yield* Effect.promise(() => stripe.pay(sessionId))
  yield* settle
  const session = stripe.sessions.get(sessionId)!
  return { person, sessionId, customer: session.customer as string, invoiceId: session.invoice! }
})

describeApp({ env })("self-service through Stripe", (it) => {
  it.effect("the person's list names each payment's Stripe invoice, its tax, and its status", () =>
    Effect.gen(function* () {
      const { person, sessionId, invoiceId } = yield* buyer
      const invoice = stripe.invoices.get(invoiceId)!
      expect(yield* callAs(person, (api) => api.receipts.receipts())).toMatchObject({
        receipts: [
          {
            paymentId: sessionId,
            description: "Pro pack: 150 credits",
            amountCents: 1329,
            taxCents: 222,
            currency: "EUR",
            status: "paid",
            invoiceNumber: invoice.number,
            invoiceUrl: `https://invoice.stripe.com/i/${invoiceId}`,
          },
        ],
      })
    }),
  )

  it.effect("Manage billing opens Stripe's customer portal for the person's own customer", () =>
    Effect.gen(function* () {
      const { person, customer } = yield* buyer
      const portal = yield* callAs(person, (api) => api.receipts.billingPortal())
      expect(portal.url).toMatch(`${stripe.url}/p/session/bps_`)
      const asked = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)
      expect(asked?.body).toEqual({ customer, return_url: "http://127.0.0.1/credits" })

      stripe.fail("/v1/billing_portal/sessions")
      const failed = yield* person.post("/api/billing/portal", {})
      stripe.recover()
      expect(failed.status).toBe(502)
    }),
  )

  it.effect("someone who never paid through Stripe is told so; anonymous callers get 401", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("newcomer")
      const answer = yield* person.post("/api/billing/portal", {})
      expect(answer.status).toBe(409)
      expect(answer.body).toMatchObject({
        _tag: "NoBillingAccount",
        message: expect.stringContaining("You have not paid through Stripe yet"),
      })
      expect((yield* request("/api/billing/portal", { method: "POST" })).status).toBe(401)
    }),
  )
})
