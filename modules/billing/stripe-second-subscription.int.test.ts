import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import type Stripe from "stripe"
import { balanceOf, describeApp, runJobs, serverUrl, settle, signUp } from "#app/testing.ts"
import { type Browser, openPlan as open, stripeEnv, subscriptionOf } from "#app/testing-billing.ts"
import { callAs } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"
import { Billing } from "./billing.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = stripeEnv(stripe)

type Plan = "BASIC" | "PREMIUM"
const plans = {
  BASIC: { credits: 100, cents: 499 },
  PREMIUM: { credits: 1000, cents: 3999 },
} as const

const member = Effect.gen(function* () {
  const { person, user } = yield* signUp("payer")
  stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
  yield* settle
  return { person, userId: user.id }
})

const openPlan = (person: Browser, plan: Plan) =>
  Effect.map(open(person, plan), ({ sessionId }) => ({ plan, sessionId }))

/** The buyer pays an open checkout at Stripe; its webhooks are not sent yet. */
const payAtStripe = ({ plan, sessionId }: { readonly plan: Plan; readonly sessionId: string }) =>
  Effect.map(
    Effect.promise(() => stripe.pay(sessionId, "none")),
    (events) => {
      const session = stripe.sessions.get(sessionId)!
      return {
        plan,
        sessionId,
        events,
        subscriptionId: session.subscription!,
        invoiceId: session.invoice!,
      }
    },
  )
type PaidPlan = Effect.Effect.Success<ReturnType<typeof payAtStripe>>

/** Both plans' checkouts opened, then paid at Stripe. */
const paidPlans = (person: Browser) =>
  Effect.gen(function* () {
    const opened = [yield* openPlan(person, "BASIC"), yield* openPlan(person, "PREMIUM")]
    return { basic: yield* payAtStripe(opened[0]!), premium: yield* payAtStripe(opened[1]!) }
  })

const deliver = (event: Stripe.Event) =>
  Effect.flatMap(
    Effect.promise(() => stripe.deliver(event)),
    (answer) => Effect.sync(() => expect(answer.status).toBe(200)),
  )
const deliverInTurn = (events: ReadonlyArray<Stripe.Event>) =>
  Effect.forEach(events, deliver, { discard: true })
const deliverAtOnce = (events: ReadonlyArray<Stripe.Event>) =>
  Effect.forEach(events, deliver, { concurrency: "unbounded", discard: true })

const accountEvents = (userId: string) =>
  query<{ type: string; data: Record<string, unknown> }>(
    "select type, data from events where stream_id = $1 order by stream_version",
    [`credit-account-${userId}`],
  )

/** Stripe's refunds of a plan's first invoice. */
const refundsOf = (paid: PaidPlan) => {
  const paymentIntent = stripe.invoicePayments.get(paid.invoiceId)?.payment.payment_intent
  return [...stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntent)
}
const cancellationsOf = (paid: PaidPlan) =>
  stripe.requests.filter(
    (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${paid.subscriptionId}`,
  )

/** Everything a webhook sets off: reactions, then the jobs they leave (refunds), then their reactions. */
const settleAll = Effect.all([settle, runJobs, settle])

/**
 * One plan is active with its credits; the other was refunded once at Stripe and ended there, and the
 * account records its decline and its refund once each.
 */
const expectOneSubscription = (
  person: Browser,
  userId: string,
  winner: PaidPlan,
  loser: PaidPlan,
) =>
  Effect.gen(function* () {
    expect(yield* balanceOf(person)).toBe(plans[winner.plan].credits)
    expect((yield* person.get("/api/subscription/status")).body).toMatchObject({
      status: "active",
      plan: winner.plan,
    })
    expect(stripe.subscriptions.get(winner.subscriptionId)?.status).toBe("active")
    expect(stripe.subscriptions.get(loser.subscriptionId)?.status).toBe("canceled")
    expect(cancellationsOf(loser)).toHaveLength(1)
    expect(refundsOf(winner)).toEqual([])
    const [refund, ...more] = refundsOf(loser)
    expect(more).toEqual([])
    expect(refund).toMatchObject({ amount: plans[loser.plan].cents, status: "succeeded" })
    // Stripe's own reports of that refund, twice, change nothing more: it is the one recorded.
    const reports = stripe.events.filter(
      (e) =>
        (e.type === "refund.created" || e.type === "charge.refunded") &&
        (e.data.object as { payment_intent?: string }).payment_intent === refund?.payment_intent,
    )
    expect(reports.map((e) => e.type)).toEqual(["refund.created", "charge.refunded"])
    yield* deliverInTurn([...reports, ...reports])
    expect(yield* balanceOf(person)).toBe(plans[winner.plan].credits)

    const events = yield* accountEvents(userId)
    const ofType = (type: string) => events.filter((e) => e.type === type).map((e) => e.data)
    expect(ofType("SubscriptionCreditsGranted")).toHaveLength(1)
    expect(ofType("SubscriptionDeclined")).toMatchObject([
      { subscriptionId: loser.subscriptionId, invoiceId: loser.invoiceId, activePlan: winner.plan },
    ])
    expect(ofType("PaymentRefunded")).toMatchObject([
      {
        paymentId: loser.invoiceId,
        refundId: refund?.id,
        reason: "second_subscription",
        amount: 0,
      },
    ])
    return events.length
  })

describeApp({ env })("two subscriptions through Stripe", (it) => {
  it.effect(
    "paid at once, the first invoice to arrive wins; the other is refunded and ended at Stripe once, whatever the webhooks do",
    () =>
      Effect.gen(function* () {
        for (const order of ["basic first", "premium first, reversed", "all at once"] as const) {
          const { person, userId } = yield* member
          const { basic, premium } = yield* paidPlans(person)
          const all = [...basic.events, ...premium.events]
          if (order === "basic first") yield* deliverInTurn(all)
          if (order === "premium first, reversed") yield* deliverInTurn([...all].reverse())
          if (order === "all at once") yield* deliverAtOnce(all)
          // Delivered again, in the other order and all at once.
          yield* deliverAtOnce([...all].reverse())
          yield* settleAll

          const { plan } = yield* subscriptionOf(person)
          if (order === "basic first") expect(plan).toBe("BASIC")
          if (order === "premium first, reversed") expect(plan).toBe("PREMIUM")
          const [winner, loser] = plan === "BASIC" ? [basic, premium] : [premium, basic]
          const recorded = yield* expectOneSubscription(person, userId, winner, loser)

          // What Stripe sends about the refund and the ended subscription, twice, changes nothing more.
          const payment = stripe.invoicePayments.get(loser.invoiceId)!.payment.payment_intent
          const consequences = stripe.events.filter(
            (e) =>
              ["customer.subscription.deleted", "charge.refunded", "refund.created"].includes(
                e.type,
              ) &&
              [loser.subscriptionId, payment].some((id) =>
                JSON.stringify(e.data.object).includes(id),
              ),
          )
          expect(consequences.map((e) => e.type).sort()).toEqual([
            "charge.refunded",
            "customer.subscription.deleted",
            "refund.created",
          ])
          yield* deliverAtOnce([...consequences, ...consequences, ...all])
          yield* settleAll
          expect(yield* expectOneSubscription(person, userId, winner, loser)).toBe(recorded)

          // The way back from the losing checkout says so; the winner's is the plan.
          expect(
            (yield* person.get(`/api/payments/verify-subscription?sessionId=${loser.sessionId}`))
              .body,
          ).toEqual({ status: "refunded", planId: loser.plan, credits: plans[loser.plan].credits })
          expect(
            (yield* person.get(`/api/payments/verify-subscription?sessionId=${winner.sessionId}`))
              .body,
          ).toMatchObject({ status: "already_processed", planId: winner.plan })
          const transactions = yield* callAs(person, (api) => api.creditLedger.transactions())
          expect(transactions.find((t) => t.id === loser.sessionId)?.status).toBe("refunded")
          expect(transactions.find((t) => t.id === winner.sessionId)?.status).toBe("completed")
        }
        const audit = yield* (yield* Billing).audit
        expect(audit.differences).toEqual([])
        expect(audit.breaks).toEqual([])
      }),
    120_000,
  )

  it.effect(
    "the return to /credits finds the second plan first: it says the payment is refunded, and it is, once",
    () =>
      Effect.gen(function* () {
        const { person, userId } = yield* member
        const basic = yield* payAtStripe(yield* openPlan(person, "BASIC"))
        const opened = yield* openPlan(person, "PREMIUM")
        yield* deliverInTurn(basic.events)
        // The Premium checkout was open in another tab, and is paid now.
        const premium = yield* payAtStripe(opened)
        const returned = yield* person.get(
          `/api/payments/verify-subscription?sessionId=${premium.sessionId}`,
        )
        expect(returned.body).toEqual({ status: "refunded", planId: "PREMIUM", credits: 1000 })
        yield* settleAll
        const recorded = yield* expectOneSubscription(person, userId, basic, premium)
        yield* deliverAtOnce([...premium.events, ...premium.events])
        yield* settleAll
        expect(yield* expectOneSubscription(person, userId, basic, premium)).toBe(recorded)
      }),
  )

  it.effect(
    "when Stripe fails the refund, the decline stands and the refund is tried again until it is made",
    () =>
      Effect.gen(function* () {
        const { person, userId } = yield* member
        const { basic, premium } = yield* paidPlans(person)
        stripe.fail("/v1/refunds")
        yield* deliverInTurn([...basic.events, ...premium.events])
        yield* settleAll
        stripe.recover()
        const events = yield* accountEvents(userId)
        expect(events.filter((e) => e.type === "SubscriptionDeclined")).toHaveLength(1)
        expect(events.filter((e) => e.type === "PaymentRefunded")).toHaveLength(0)
        expect(refundsOf(premium)).toEqual([])
        const [job] = yield* query<{ attempts: number; last_error: string | null }>(
          "select attempts, last_error from graphile_worker.jobs where task_identifier = 'billing:refund-declined-subscription'",
        )
        expect(job?.attempts).toBe(1)
        expect(job?.last_error).toContain("The payment service did not answer")
        // Its next attempt comes due.
        yield* query(
          "update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = 'billing:refund-declined-subscription')",
        )
        yield* settleAll
        yield* expectOneSubscription(person, userId, basic, premium)
      }),
  )
})
