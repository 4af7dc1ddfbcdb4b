import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, serverUrl, settle, signUp } from "#app/testing.ts"
import { openPack, openPlan, stripeEnv } from "#app/testing-billing.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = stripeEnv(stripe)

const member = Effect.gen(function* () {
  const { person, user } = yield* signUp("payer")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  return { person, userId: user.id }
})
const mismatches = (userId: string) =>
  query<{ data: Record<string, unknown> }>(
    "select data from events where type = 'PaymentMismatched' and data ->> 'userId' = $1",
    [userId],
  )
const errorsOf = (userId: string) =>
  Effect.flatMap(settle, () =>
    query<{ source: string; error: string }>(
      "select source, error from admin_errors where user_id = $1",
      [userId],
    ),
  )

/** Stripe reports the session paid, but for what the test says rather than what we asked. */
const payTampered = (sessionId: string, paid: { amount?: number; currency?: string }) =>
  Effect.promise(async () => {
    const session = stripe.sessions.get(sessionId)!
    if (paid.amount !== undefined) {
      session.amount_total = paid.amount
      session.amount_subtotal = paid.amount
    }
    if (paid.currency !== undefined) session.currency = paid.currency
    const batch = await stripe.pay(sessionId, "none")
    const answers = []
    for (const event of batch) answers.push(await stripe.deliver(event))
    return { batch, answers }
  })

describeApp({ env })("a payment that is not the offer's price", (it) => {
  it.effect(
    "grants no credits for a pack, is recorded for finance and the error stream, once",
    () =>
      Effect.gen(function* () {
        const { person, userId } = yield* member
        const { sessionId } = yield* openPack(person, { amount: 39.99, credits: 500 })
        const { batch, answers } = yield* payTampered(sessionId, { amount: 1 })
        expect(answers.map((a) => a.status)).toEqual([200, 200])
        expect(yield* balanceOf(person)).toBe(0)
        const [recorded, ...more] = yield* mismatches(userId)
        expect(more).toHaveLength(0)
        expect(recorded?.data).toMatchObject({
          reference: sessionId,
          kind: "pack",
          item: "premium",
          expectedAmountCents: 3999,
          expectedCurrency: "eur",
          paidAmountCents: 1,
          paidCurrency: "eur",
        })
        expect(yield* errorsOf(userId)).toEqual([
          {
            source: "provider",
            error: `Payment ${sessionId} was 0.01 EUR, not the 39.99 EUR of the pack premium: no credits were granted`,
          },
        ])

        // Stripe delivering it again, and the buyer coming back to /credits, change nothing.
        expect((yield* Effect.promise(() => stripe.deliver(batch[0]!))).status).toBe(200)
        const back = yield* person.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)
        expect(back.body).toEqual({ status: "pending", creditAmount: 500 })
        expect(yield* balanceOf(person)).toBe(0)
        expect(yield* mismatches(userId)).toHaveLength(1)
        expect(yield* errorsOf(userId)).toHaveLength(1)
      }),
  )

  it.effect("grants nothing when the currency is not the offer's", () =>
    Effect.gen(function* () {
      const { person, userId } = yield* member
      const { sessionId } = yield* openPack(person, { amount: 39.99, credits: 500 })
      yield* payTampered(sessionId, { currency: "jpy" })
      expect(yield* balanceOf(person)).toBe(0)
      expect((yield* mismatches(userId))[0]?.data).toMatchObject({ paidCurrency: "jpy" })
    }),
  )

  it.effect("grants no plan credits for an invoice below the plan's price", () =>
    Effect.gen(function* () {
      const { person, userId } = yield* member
      const { sessionId } = yield* openPlan(person, "PRO")
      const { answers } = yield* payTampered(sessionId, { amount: 100 })
      expect(answers.every((a) => a.status === 200)).toBe(true)
      expect(yield* balanceOf(person)).toBe(0)
      const recorded = yield* mismatches(userId)
      expect(recorded.map((r) => r.data)).toContainEqual(
        expect.objectContaining({ kind: "subscription", item: "PRO", paidAmountCents: 100 }),
      )
    }),
  )
})
