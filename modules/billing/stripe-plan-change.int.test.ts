import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import type Stripe from "stripe"
import { balanceOf, describeApp, serverUrl, settle, signUp } from "#app/testing.ts"
import { openPlan, stripeEnv, subscriptionOf } from "#app/testing-billing.ts"
import { query } from "#events/testing.ts"
import { startFakeStripe } from "#stand-ins/fake-services/stripe.ts"
import { Billing } from "./billing.ts"

const stripe = await startFakeStripe()
afterAll(() => stripe.close())

const env = stripeEnv(stripe)

type Plan = "BASIC" | "PRO" | "PREMIUM"
const promise = <A>(run: () => Promise<A>) => Effect.promise(run)

const subscriber = (plan: Plan) =>
  Effect.gen(function* () {
    const { person, user } = yield* signUp("changer")
    stripe.setWebhookUrl(`${yield* serverUrl}/api/payments/webhook`)
    const { sessionId } = yield* openPlan(person, plan)
    yield* promise(() => stripe.pay(sessionId))
    yield* settle
    return {
      person,
      userId: user.id,
      subscriptionId: stripe.sessions.get(sessionId)!.subscription!,
    }
  })
const accountEvents = (userId: string) =>
  query<{ type: string; data: Record<string, unknown> }>(
    "select type, data from events where stream_id = $1 order by stream_version",
    [`credit-account-${userId}`],
  )
const grantsOf = (userId: string) =>
  Effect.map(accountEvents(userId), (events) =>
    events.filter((e) => e.type === "SubscriptionCreditsGranted").map((e) => e.data),
  )
const mismatches = query("select 1 from events where type = 'PaymentMismatched'")
const deliver = (event: Stripe.Event | undefined) =>
  Effect.flatMap(
    promise(() => stripe.deliver(event!)),
    (answer) => Effect.sync(() => expect(answer.status).toBe(200)),
  )
const eventsAfter = (count: number) => stripe.events.slice(count)
const updates = (subscriptionId: string) =>
  stripe.requests.filter(
    (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`,
  )

describeApp({ env })("a change of plan through Stripe", (it) => {
  it.effect(
    "an upgrade is invoiced at once, prorated; its credits come once, whatever Stripe repeats",
    () =>
      Effect.gen(function* () {
        const { person, userId, subscriptionId } = yield* subscriber("BASIC")
        const sent = stripe.events.length
        const answer = yield* person.post("/api/subscription/change", { plan: "PREMIUM" })
        expect(answer.status).toBe(200)
        expect(answer.body).toMatchObject({ status: "active", plan: "PREMIUM" })
        const [update] = updates(subscriptionId)
        expect(update?.body).toMatchObject({
          proration_behavior: "always_invoice",
          payment_behavior: "error_if_incomplete",
          items: [{ price_data: { unit_amount: "3999", recurring: { interval: "month" } } }],
          metadata: { plan: "PREMIUM", upgradedFrom: "BASIC" },
        })
        const [updated, paid] = eventsAfter(sent)
        expect(updated?.type).toBe("customer.subscription.updated")
        expect(paid?.type).toBe("invoice.paid")
        const invoice = paid!.data.object as Stripe.Invoice
        expect(invoice.billing_reason).toBe("subscription_update")
        const share = Math.floor((invoice.subtotal * 900) / 3500)
        expect(invoice.amount_paid).toBeGreaterThan(3400)
        expect(yield* balanceOf(person)).toBe(100 + share)

        // Stripe's webhooks, late, out of order and twice: nothing more.
        for (const event of [paid, updated, paid, updated]) yield* deliver(event)
        expect(yield* balanceOf(person)).toBe(100 + share)
        const grants = yield* grantsOf(userId)
        expect(grants).toHaveLength(2)
        expect(grants[1]).toMatchObject({ invoiceId: invoice.id, plan: "PREMIUM", amount: share })
        expect(yield* mismatches).toEqual([])

        // The next renewal invoices Premium in full.
        yield* promise(() => stripe.renew(subscriptionId))
        expect(yield* balanceOf(person)).toBe(1100 + share)
        expect((yield* grantsOf(userId)).at(-1)).toMatchObject({
          plan: "PREMIUM",
          amountCents: 3999,
        })
        const audit = yield* (yield* Billing).audit
        expect(audit.differences).toEqual([])
      }),
  )

  it.effect("an upgrade's invoice reported only by its webhook grants the same share", () =>
    Effect.gen(function* () {
      const { person, subscriptionId } = yield* subscriber("BASIC")
      const item = stripe.subscriptions.get(subscriptionId)!.items.data[0]!
      const sent = stripe.events.length
      // Changed elsewhere (say a support agent through the API), with the same metadata the app writes.
      const changed = yield* promise(() =>
        fetch(`${stripe.url}/v1/subscriptions/${subscriptionId}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${stripe.secretKey}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({
            "items[0][id]": item.id,
            "items[0][price_data][currency]": "eur",
            "items[0][price_data][unit_amount]": "1329",
            "items[0][price_data][product]": (item.price as { product: string }).product,
            "items[0][price_data][recurring][interval]": "month",
            proration_behavior: "always_invoice",
            "metadata[plan]": "PRO",
            "metadata[upgradedFrom]": "BASIC",
          }).toString(),
        }),
      )
      expect(changed.status).toBe(200)
      const paid = eventsAfter(sent).find((e) => e.type === "invoice.paid")
      const invoice = paid!.data.object as Stripe.Invoice
      yield* deliver(paid)
      yield* deliver(paid)
      expect(yield* balanceOf(person)).toBe(100 + Math.floor((invoice.subtotal * 200) / 830))
    }),
  )

  it.effect(
    "a downgrade invoices nothing now; the renewal invoices the cheaper plan and switches",
    () =>
      Effect.gen(function* () {
        const { person, userId, subscriptionId } = yield* subscriber("PREMIUM")
        const sent = stripe.events.length
        const answer = yield* person.post("/api/subscription/change", { plan: "BASIC" })
        expect(answer.status).toBe(200)
        expect(answer.body).toMatchObject({ plan: "PREMIUM", nextPlan: "BASIC" })
        expect(updates(subscriptionId).at(-1)?.body).toMatchObject({
          proration_behavior: "none",
          metadata: { plan: "BASIC", upgradedFrom: "" },
        })
        const after = eventsAfter(sent)
        expect(after.map((e) => e.type)).toEqual(["customer.subscription.updated"])
        yield* deliver(after[0])
        yield* deliver(after[0])
        expect(yield* balanceOf(person)).toBe(1000)

        yield* promise(() => stripe.renew(subscriptionId))
        expect(yield* balanceOf(person)).toBe(1100)
        const status = yield* subscriptionOf(person)
        expect(status).toMatchObject({ status: "active", plan: "BASIC" })
        expect(status).not.toHaveProperty("nextPlan")
        expect((yield* grantsOf(userId)).at(-1)).toMatchObject({ plan: "BASIC", amountCents: 499 })
        expect(yield* mismatches).toEqual([])
      }),
  )

  it.effect(
    "an upgrade while a downgrade waits prorates from the plan the period was paid for",
    () =>
      Effect.gen(function* () {
        const { person, userId } = yield* subscriber("PRO")
        expect((yield* person.post("/api/subscription/change", { plan: "BASIC" })).status).toBe(200)
        const up = yield* person.post("/api/subscription/change", { plan: "PREMIUM" })
        expect(up.body).toMatchObject({ plan: "PREMIUM" })
        expect(up.body).not.toHaveProperty("nextPlan")
        const upgrade = (yield* grantsOf(userId)).at(-1)!
        expect(upgrade.amountCents as number).toBeLessThanOrEqual(3999 - 1329)
        expect(upgrade.amountCents as number).toBeGreaterThan(2500)
        expect(upgrade.amount).toBe(Math.floor(((upgrade.amountCents as number) * 700) / 2670))
      }),
  )

  it.effect("a refused change never reaches Stripe", () =>
    Effect.gen(function* () {
      const { person, subscriptionId } = yield* subscriber("PRO")
      expect((yield* person.post("/api/subscription/change", { plan: "PRO" })).status).toBe(409)
      expect((yield* person.post("/api/subscription/cancel")).status).toBe(200)
      const before = updates(subscriptionId).length
      const refused = yield* person.post("/api/subscription/change", { plan: "PREMIUM" })
      expect(refused.status).toBe(409)
      expect(updates(subscriptionId)).toHaveLength(before)
      expect(yield* balanceOf(person)).toBe(300)
    }),
  )
})
