import { afterAll, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import type Stripe from "stripe"
import { describeApp, serverUrl, settle, signUp } from "#app/testing.ts"
import {
  type Browser,
  financeAdmin,
  financeEnv,
  openPack,
  stripeEnv,
} from "#app/testing-billing.ts"
import { callAs } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = {
  ...stripeEnv(stripe),
  ADMIN_EMAIL: financeEnv.ADMIN_EMAIL,
}

const promise = <A>(run: () => Promise<A>) => Effect.promise(run)
const deliver = (event: Stripe.Event) => promise(() => stripe.deliver(event))

/** A person who paid 39.99 EUR for the Premium pack (500 credits) through Stripe: its payment intent. */
const paidPremium = Effect.gen(function* () {
  const { person, user } = yield* signUp("payer")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  const opened = yield* openPack(person, { amount: 39.99, credits: 500 })
  const [completed] = yield* promise(() => stripe.pay(opened.sessionId))
  const paymentIntent = stripe.sessions.get(opened.sessionId)?.payment_intent as string
  return { person, userId: user.id, sessionId: opened.sessionId, paymentIntent, completed }
})

const credits = (person: Browser) =>
  Effect.flatMap(settle, () => callAs(person, (api) => api.creditLedger.credits()))

const admin = financeAdmin()
const ledgerOf = (userId: string) =>
  Effect.gen(function* () {
    const finance = yield* admin
    yield* settle
    const ledger = yield* callAs(finance, (api) =>
      api.billing.ledger({ path: { userId }, urlParams: {} }),
    )
    return ledger.entries
  })

const accountEvents = (userId: string, type: string) =>
  query<{ n: number }>("select count(*)::int as n from events where stream_id = $1 and type = $2", [
    `credit-account-${userId}`,
    type,
  ]).pipe(Effect.map(([row]) => row?.n))

const song = { title: "Harbour Lights", lyrics: "[Verse 1]\nLights on the water", style: "folk" }

describeApp({ env })("Stripe refunds and disputes", (it) => {
  describe("refunds", () => {
    it.effect(
      "a partial refund then the rest take back 125 then 375 credits, once each however often and in whatever order Stripe reports them",
      () =>
        Effect.gen(function* () {
          const { person, userId, sessionId, paymentIntent } = yield* paidPremium
          expect(yield* credits(person)).toEqual({ credits: 500, held: 0 })

          const partial = yield* promise(() => stripe.refund(paymentIntent, 1000))
          expect(partial.map((e) => e.type)).toEqual(["refund.created", "charge.refunded"])
          expect((yield* credits(person)).credits).toBe(375)
          for (const event of partial) expect((yield* deliver(event)).status).toBe(200)
          expect((yield* credits(person)).credits).toBe(375)

          // The rest, reported charge.refunded first: both refunds are listed, each counted once.
          yield* promise(() => stripe.refund(paymentIntent, undefined, "reversed"))
          expect((yield* credits(person)).credits).toBe(0)
          for (const event of partial) yield* deliver(event)
          expect((yield* credits(person)).credits).toBe(0)
          expect(yield* accountEvents(userId, "PaymentRefunded")).toBe(2)

          const refunds = (yield* ledgerOf(userId)).filter((e) => e.type === "PaymentRefunded")
          expect(refunds).toMatchObject([
            { amount: -125, balanceAfter: 375, cause: "checkout", causeId: sessionId },
            { amount: -375, balanceAfter: 0, cause: "checkout", causeId: sessionId },
          ])
          expect(refunds[0]).toMatchObject({
            actor: "system:payments:stripe",
            detail: expect.stringMatching(
              /^Refund re_\w+ of 10\.00 EUR for checkout cs_test_\w+: requested by the customer; 125 credits taken back$/,
            ),
          })
          const history = yield* callAs(person, (api) => api.creditLedger.transactions())
          expect(history.filter((t) => t.type === "refund").map((t) => t.description)).toEqual(
            expect.arrayContaining([
              "Refund of your purchase of the Premium pack: 10.00 EUR, -125 credits",
              "Refund of your purchase of the Premium pack: 29.99 EUR, -375 credits",
            ]),
          )
        }),
    )

    it.effect("a refund made in Stripe by the charge's id, without a reason, is support's", () =>
      Effect.gen(function* () {
        const { person, userId, paymentIntent } = yield* paidPremium
        const sent = stripe.events.length
        const charge = stripe.paymentIntents.get(paymentIntent)?.latest_charge
        const made = yield* promise(() =>
          fetch(`${stripe.url}/v1/refunds`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${stripe.secretKey}`,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: `charge=${charge}&amount=1999`,
          }),
        )
        expect(made.status).toBe(200)
        for (const event of stripe.events.slice(sent)) yield* deliver(event)
        // floor(500 * 1999 / 3999) = 249
        expect((yield* credits(person)).credits).toBe(251)
        const [refund] = (yield* ledgerOf(userId)).filter((e) => e.type === "PaymentRefunded")
        expect(refund?.detail).toMatch(/: made by support; 249 credits taken back$/)
      }),
    )

    it.effect(
      "a refund reported before its payment is refused so that Stripe sends it again, and counts once the payment is in",
      () =>
        Effect.gen(function* () {
          const { person, user } = yield* signUp("early")
          stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
          const { sessionId } = yield* openPack(person, { amount: 39.99, credits: 500 })
          const [completed] = yield* promise(() => stripe.pay(sessionId, "none"))
          const paymentIntent = stripe.sessions.get(sessionId)?.payment_intent as string
          const refund = yield* promise(() => stripe.refund(paymentIntent, undefined, "none"))
          for (const event of refund) {
            const early = yield* deliver(event)
            expect(early.status).toBe(409)
            expect(JSON.parse(early.body)).toMatchObject({
              message:
                "The payment this event belongs to is not recorded yet. Send it again later.",
            })
          }
          expect(yield* accountEvents(user.id, "PaymentRefunded")).toBe(0)
          expect((yield* deliver(completed!)).status).toBe(200)
          expect((yield* credits(person)).credits).toBe(500)
          for (const event of refund) expect((yield* deliver(event)).status).toBe(200)
          expect((yield* credits(person)).credits).toBe(0)
          expect(yield* accountEvents(user.id, "PaymentRefunded")).toBe(1)
        }),
    )

    it.effect(
      "a refund of spent credits takes the balance below zero: nothing paid starts, with why and how much is owed",
      () =>
        Effect.gen(function* () {
          const { person, paymentIntent } = yield* paidPremium
          expect((yield* person.post("/api/generate-song", song)).status).toBe(200)
          yield* promise(() => stripe.refund(paymentIntent))
          const { credits: balance } = yield* credits(person)
          expect(balance).toBeLessThan(0)
          const refused = yield* person.post("/api/generate-song", song)
          expect(refused.status).toBe(402)
          expect(refused.body).toMatchObject({
            _tag: "InsufficientCredits",
            balance,
            owed: { because: "refund", credits: -balance },
            message: `A refund took back credits you had spent: your balance is ${balance} credits. Buy credits to settle it before starting anything paid.`,
          })
        }),
    )
  })

  describe("disputes", () => {
    it.effect("an open dispute holds the credits; won, they are released, once", () =>
      Effect.gen(function* () {
        const { person, userId, paymentIntent } = yield* paidPremium
        const [opened] = yield* promise(() => stripe.dispute(paymentIntent))
        expect(yield* credits(person)).toEqual({ credits: 500, held: 500 })
        const held = yield* person.post("/api/generate-song", song)
        expect(held.status).toBe(402)
        expect(held.body).toMatchObject({
          owed: { because: "dispute_open", held: 500 },
          message: expect.stringContaining("A dispute over one of your payments holds 500"),
        })
        const disputeId = (opened!.data.object as { id: string }).id
        const [closed] = yield* promise(() => stripe.closeDispute(disputeId, "won"))
        for (const event of [opened!, closed!]) expect((yield* deliver(event)).status).toBe(200)
        expect(yield* credits(person)).toEqual({ credits: 500, held: 0 })
        expect(yield* accountEvents(userId, "PaymentDisputeClosed")).toBe(1)
      }),
    )

    it.effect(
      "lost, reported before its opening, the credits are removed once and the late opening changes nothing",
      () =>
        Effect.gen(function* () {
          const { person, userId, sessionId, paymentIntent } = yield* paidPremium
          const [opened] = yield* promise(() => stripe.dispute(paymentIntent, "none"))
          const disputeId = (opened!.data.object as { id: string }).id
          yield* promise(() => stripe.closeDispute(disputeId, "lost"))
          expect((yield* deliver(opened!)).status).toBe(200)
          expect(yield* credits(person)).toEqual({ credits: 0, held: 0 })
          expect(yield* accountEvents(userId, "PaymentDisputed")).toBe(1)
          // With Stripe, an admin refunds in Stripe's dashboard, not here.
          yield* ledgerOf(userId)
          const here = yield* Effect.flip(
            callAs(yield* admin, (api) =>
              api.billing.refundPayment({ path: { userId, paymentId: sessionId }, payload: {} }),
            ),
          )
          expect(here._tag).toBe("NotFound")
          expect(here.message).toContain("Stripe's dashboard")
          expect((yield* ledgerOf(userId)).slice(-2)).toMatchObject([
            { type: "PaymentDisputed", amount: 0, cause: "checkout", causeId: sessionId },
            { type: "PaymentDisputeClosed", amount: -500, balanceAfter: 0, causeId: sessionId },
          ])
        }),
    )
  })
})
