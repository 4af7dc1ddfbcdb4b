import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import {
  type Browser,
  financeEnv as env,
  financeAdmin,
  openPlan,
  subscriptionOf,
} from "#app/testing-billing.ts"
import { callAs } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { Billing } from "./billing.ts"

type Plan = "BASIC" | "PREMIUM"
const plans = {
  BASIC: { name: "Basic", credits: 100, price: "4.99 EUR", cents: 499 },
  PREMIUM: { name: "Premium", credits: 1000, price: "39.99 EUR", cents: 3999 },
} as const

const open = (person: Browser, plan: Plan) =>
  Effect.map(openPlan(person, plan), ({ sessionId }) => ({ plan, sessionId }))

interface StoredEvent {
  readonly type: string
  readonly data: Record<string, unknown>
  readonly metadata: { readonly actor: Record<string, string> }
}
const accountEvents = (userId: string) =>
  query<StoredEvent>(
    "select type, data, metadata from events where stream_id = $1 order by stream_version",
    [`credit-account-${userId}`],
  )
const ofType = (events: ReadonlyArray<StoredEvent>, type: string) =>
  events.filter((event) => event.type === type)

const checkoutPaid = (sessionId: string) =>
  Effect.map(
    query("select 1 from events where stream_id = $1 and type = 'CheckoutPaid'", [
      `checkout-${sessionId}`,
    ]),
    (rows) => rows.length === 1,
  )

/** Everything a payment sets off: reactions, then the jobs they leave (refunds), then their reactions. */
const settleAll = Effect.all([settle, runJobs, settle])

describeApp({ env })("two subscriptions in the test mode", (it) => {
  it.effect(
    "paid at once, one plan starts; the other is refunded once, with a message, and the audit holds",
    () =>
      Effect.gen(function* () {
        const finance = yield* financeAdmin()
        let refundedRounds = 0
        for (let round = 0; round < 6; round++) {
          const { person, user } = yield* signUp("subscriber")
          yield* settle
          const checkouts = [yield* open(person, "BASIC"), yield* open(person, "PREMIUM")]
          const answers = yield* Effect.all(
            checkouts.map(({ sessionId }) => person.post(`/api/checkout/${sessionId}/pay`)),
            { concurrency: "unbounded" },
          )
          yield* settleAll

          const status = yield* subscriptionOf(person)
          expect(status.status).toBe("active")
          const won = checkouts.findIndex((c) => c.plan === status.plan)
          const [winner, loser] = [checkouts[won]!, checkouts[1 - won]!]
          expect(yield* balanceOf(person)).toBe(plans[winner.plan].credits)
          expect(answers.map((a) => a.status)).toEqual(won === 0 ? [200, 409] : [409, 200])
          const events = yield* accountEvents(user.id)
          expect(ofType(events, "SubscriptionCreditsGranted")).toHaveLength(1)
          expect(ofType(events, "SubscriptionActivated")).toHaveLength(1)

          if (yield* checkoutPaid(loser.sessionId)) {
            // Both got past the first look: the account decided, and the loser's payment goes back.
            refundedRounds++
            expect(answers[1 - won]?.body).toMatchObject({
              _tag: "ActiveSubscriptionExists",
              message: `You already have an active ${plans[winner.plan].name} plan, so the ${plans[loser.plan].name} plan was not started: its payment of ${plans[loser.plan].price} is being refunded in full.`,
            })
            const [declined, ...moreDeclined] = ofType(events, "SubscriptionDeclined")
            expect(moreDeclined).toEqual([])
            expect(declined?.data).toMatchObject({
              plan: loser.plan,
              checkoutSessionId: loser.sessionId,
              activePlan: winner.plan,
              amountCents: plans[loser.plan].cents,
              balanceAfter: plans[winner.plan].credits,
            })
            const [refunded, ...moreRefunds] = ofType(events, "PaymentRefunded")
            expect(moreRefunds).toEqual([])
            expect(refunded?.data).toMatchObject({
              paymentId: declined?.data.invoiceId,
              refundId: expect.stringMatching(/^re_local_/),
              reason: "second_subscription",
              amount: 0,
              amountCents: plans[loser.plan].cents,
            })
            expect(
              yield* callAs(person, (api) =>
                api.billing.offlineCheckout({ path: { sessionId: loser.sessionId } }),
              ),
            ).toMatchObject({ status: "refunded" })
            const verify = `/api/payments/verify-subscription?sessionId=${loser.sessionId}`
            expect((yield* person.get(verify)).body).toEqual({
              status: "refunded",
              planId: loser.plan,
              credits: plans[loser.plan].credits,
            })
            // Nobody else learns of it: not another person, not an administrator, not anonymously.
            const other = (yield* signUp("other")).person
            for (const stranger of [other, finance]) {
              expect((yield* stranger.get(`/api/checkout/${loser.sessionId}`)).status).toBe(404)
              expect((yield* stranger.get(verify)).status).toBe(404)
              const paid = yield* stranger.post(`/api/checkout/${loser.sessionId}/pay`)
              expect(paid.status).toBe(404)
            }
            expect((yield* request(verify)).status).toBe(401)
            expect(
              (yield* request(`/api/checkout/${loser.sessionId}/pay`, { method: "POST" })).status,
            ).toBe(401)
            const transactions = yield* callAs(person, (api) => api.creditLedger.transactions())
            expect(transactions.find((t) => t.id === loser.sessionId)?.status).toBe("refunded")
            expect(transactions.find((t) => t.id === winner.sessionId)?.status).toBe("completed")
            // Its receipts list the payment as refunded, as the refund's mail told them.
            yield* settleAll
            const { receipts } = yield* callAs(person, (api) => api.receipts.receipts())
            expect(receipts.find((r) => r.paymentId === declined?.data.invoiceId)).toMatchObject({
              description: `${plans[loser.plan].name} plan`,
              credits: 0,
              amountCents: plans[loser.plan].cents,
              refundedCents: plans[loser.plan].cents,
              status: "refunded",
            })
            const mails = yield* query<{ text: string }>(
              "select text from identity.mail_outbox where recipient = $1 and subject like '%refund%'",
              [user.email],
            )
            expect(mails.map((m) => m.text)).toEqual([
              expect.stringContaining(
                `A refund of your payment for ${plans[loser.plan].name} plan.`,
              ),
            ])

            // Finance sees the payment taken, declined as a second subscription, and refunded: by whom, why.
            const ledger = yield* callAs(finance, (api) =>
              api.billing.ledger({ path: { userId: user.id }, urlParams: {} }),
            )
            expect(ledger.entries.slice(-2)).toMatchObject([
              {
                type: "SubscriptionDeclined",
                amount: 0,
                balanceAfter: plans[winner.plan].credits,
                cause: "invoice",
                causeId: declined?.data.invoiceId,
                actor: "system:payments:local",
                detail: expect.stringContaining(
                  `paid ${plans[loser.plan].price} while the ${plans[winner.plan].name} plan was active`,
                ),
              },
              {
                type: "PaymentRefunded",
                amount: 0,
                cause: "invoice",
                causeId: declined?.data.invoiceId,
                actor: "system:subscription-refunds",
                detail: `Refund ${refunded?.data.refundId} of ${plans[loser.plan].price} for invoice ${declined?.data.invoiceId}: a second subscription while another was active; 0 credits taken back`,
              },
            ])
          } else {
            // The second payment came after the first was recorded: refused before it was taken.
            expect(answers[1 - won]?.body).toMatchObject({
              _tag: "CheckoutClosed",
              message: "You already have an active subscription. Cancel it first to change plans.",
            })
            expect(ofType(events, "SubscriptionDeclined")).toEqual([])
            expect(ofType(events, "PaymentRefunded")).toEqual([])
          }

          // Paying the loser again takes nothing and refunds nothing more.
          expect((yield* person.post(`/api/checkout/${loser.sessionId}/pay`)).status).toBe(409)
          yield* settleAll
          expect(yield* accountEvents(user.id)).toHaveLength(events.length)
          expect(yield* balanceOf(person)).toBe(plans[winner.plan].credits)
        }
        expect(refundedRounds).toBeGreaterThan(0)

        const audit = yield* (yield* Billing).audit
        expect(audit.differences).toEqual([])
        expect(audit.breaks).toEqual([])
      }),
    120_000,
  )

  it.effect("one after the other, the second is refused before it is paid", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("subscriber")
      yield* settle
      const basic = yield* open(person, "BASIC")
      const premium = yield* open(person, "PREMIUM")
      expect((yield* person.post(`/api/checkout/${basic.sessionId}/pay`)).status).toBe(200)
      const second = yield* person.post(`/api/checkout/${premium.sessionId}/pay`)
      expect(second.status).toBe(409)
      expect(second.body).toMatchObject({
        message: "You already have an active subscription. Cancel it first to change plans.",
      })
      yield* settleAll
      expect(yield* checkoutPaid(premium.sessionId)).toBe(false)
      expect(yield* balanceOf(person)).toBe(100)
      expect(ofType(yield* accountEvents(user.id), "PaymentRefunded")).toEqual([])
    }),
  )
})
