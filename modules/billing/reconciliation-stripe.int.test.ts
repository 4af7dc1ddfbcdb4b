import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, serverUrl, settle, signUp } from "#app/testing.ts"
import { stripeEnv } from "#app/testing-billing.ts"
import { clientOf } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"
import { Reconciliations } from "./index.ts"
import { purchaseOutsideTheOffer } from "./reconciliation-injections.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = stripeEnv(stripe)

const promise = <A>(run: () => Promise<A>) => Effect.promise(run)
const today = () => new Date().toISOString().slice(0, 10)

/** A person who paid 39.99 EUR for the Premium pack through Stripe: its checkout and its charge. */
const paidPremium = Effect.gen(function* () {
  const { person } = yield* signUp("payer")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  const opened = yield* (yield* clientOf(person)).billing.createPaymentIntent({
    payload: { amount: 39.99, credits: 500 },
  })
  yield* promise(() => stripe.pay(opened.sessionId))
  const paymentIntent = stripe.sessions.get(opened.sessionId)?.payment_intent as string
  const chargeId = stripe.paymentIntents.get(paymentIntent)!.latest_charge
  return { sessionId: opened.sessionId, paymentIntent, chargeId }
})

const reconciled = Effect.gen(function* () {
  yield* settle
  const reconciliations = yield* Reconciliations
  return yield* reconciliations.between(today(), today(), new Date())
})

describeApp({ env })("reconciliation with Stripe", (it) => {
  it.effect(
    "matches every charge, refund and dispute listed through Stripe's API with the ledger, then finds one injected difference of each kind",
    () =>
      Effect.gen(function* () {
        const refunded = yield* paidPremium
        yield* promise(() => stripe.refund(refunded.paymentIntent, 1000))
        const disputed = yield* paidPremium
        yield* promise(() => stripe.dispute(disputed.paymentIntent))
        const gone = yield* paidPremium

        const clean = yield* reconciled
        expect(clean).toMatchObject({ source: "stripe", differenceCount: 0, matched: 5 })
        expect(clean.totals).toEqual([
          expect.objectContaining({
            object: "charge",
            currency: "eur",
            providerCount: 3,
            providerCents: 3 * 3999,
            ledgerCount: 3,
            ledgerCents: 3 * 3999,
          }),
          expect.objectContaining({
            object: "dispute",
            providerCount: 1,
            providerCents: 3999,
            ledgerCents: 3999,
          }),
          expect.objectContaining({
            object: "refund",
            providerCount: 1,
            providerCents: 1000,
            ledgerCents: 1000,
          }),
        ])

        // Stripe took a payment billing never heard of.
        const stray = stripe.paymentIntents.get(stripe.newPayment(499, "eur", null))!.latest_charge
        // A recorded payment whose charge Stripe does not have.
        stripe.charges.delete(gone.chargeId)
        // Stripe's charge and the ledger disagree on the amount; a refund's currency is not the ledger's.
        stripe.charges.get(disputed.chargeId)!.amount = 3000
        const refund = [...stripe.refunds.values()][0]!
        ;(refund as unknown as { currency: string }).currency = "usd"
        // A paid Basic pack (50 credits) recorded with 60.
        const paid = stripe.paymentIntents.get(stripe.newPayment(499, "eur", null))!
        yield* query(
          `insert into billing.provider_payments
             (payment_id, payment_intent_id, charge_id, user_id, amount_cents, currency, credits)
           values ('cs_injected', $1, $2, 'injected-cs_injected', 499, 'EUR', 60)`,
          [paid.id, paid.latest_charge],
        )
        yield* purchaseOutsideTheOffer("cs_injected", 60)

        const report = yield* reconciled
        expect(report.differenceCount).toBe(5)
        const byKind = Object.fromEntries(report.differences.map((d) => [d.kind, d]))
        expect(Object.keys(byKind).sort()).toEqual([
          "amount_differs",
          "credits_differ_from_offer",
          "currency_differs",
          "missing_at_provider",
          "missing_in_ledger",
        ])
        expect(byKind.missing_in_ledger).toMatchObject({
          object: "charge",
          providerId: stray,
          providerCents: 499,
          paymentId: null,
        })
        expect(byKind.missing_at_provider).toMatchObject({
          object: "charge",
          paymentId: gone.sessionId,
          ledgerCents: 3999,
          providerId: null,
        })
        expect(byKind.amount_differs).toMatchObject({
          object: "charge",
          providerId: disputed.chargeId,
          paymentId: disputed.sessionId,
          providerCents: 3000,
          ledgerCents: 3999,
        })
        expect(byKind.currency_differs).toMatchObject({
          object: "refund",
          providerId: refund.id,
          providerCurrency: "usd",
          ledgerCurrency: "eur",
        })
        expect(byKind.credits_differ_from_offer).toMatchObject({
          object: "charge",
          paymentId: "cs_injected",
          credits: 60,
          offerCredits: 50,
        })
        expect(report.matched).toBe(3)
      }),
  )

  it.effect("pages through more charges than one page of Stripe's list holds", () =>
    Effect.gen(function* () {
      for (let i = 0; i < 230; i++) stripe.newPayment(100, "eur", null)
      const report = yield* reconciled
      const charges = report.totals.find((t) => t.object === "charge")!
      expect(charges.providerCount).toBe(stripe.charges.size)
      expect(report.differences.filter((d) => d.kind === "missing_in_ledger")).toHaveLength(231)
      const listed = stripe.requests.filter((r) => r.method === "GET" && r.path === "/v1/charges")
      expect(listed.length).toBeGreaterThanOrEqual(3)
    }),
  )
})
