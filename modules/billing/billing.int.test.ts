import { HttpApiError } from "@effect/platform"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, describeApp, request, settle, signUp } from "#app/testing.ts"
import {
  buyProPack,
  financeEnv as env,
  financeAdmin,
  openPack,
  openPlan,
  subscriptionOf,
} from "#app/testing-billing.ts"
import { callAs, decodeBody } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { Billing } from "./billing.ts"

/** A registered, signed-in user's browser, and their id. */
const member = (email?: string) =>
  Effect.gen(function* () {
    const { person, user } = yield* signUp("buyer", email)
    yield* settle
    return { person, userId: user.id }
  })

const admin = financeAdmin()

describeApp({ env })("billing", (it) => {
  describe("price list and balance", () => {
    it.effect("prices come from the server, in one currency", () =>
      Effect.gen(function* () {
        const answer = yield* request("/api/billing/catalog")
        expect(answer.status).toBe(200)
        expect(answer.body).toMatchObject({
          currency: "EUR",
          songCost: 5,
          testMode: true,
          dailyFreeCredits: 0,
          packs: [
            { id: "basic", credits: 50, priceCents: 499 },
            { id: "pro", credits: 150, priceCents: 1329 },
            { id: "premium", credits: 500, priceCents: 3999 },
          ],
          plans: [
            { id: "BASIC", credits: 100, priceCents: 499 },
            { id: "PRO", credits: 300, priceCents: 1329 },
            { id: "PREMIUM", credits: 1000, priceCents: 3999 },
          ],
        })
      }),
    )

    it.effect("a new account has 0 credits and empty histories; credits need a session", () =>
      Effect.gen(function* () {
        const { person } = yield* member()
        expect(yield* balanceOf(person)).toBe(0)
        expect((yield* person.get("/api/credits/usage")).body).toEqual([])
        expect((yield* person.get("/api/credits/transactions")).body).toEqual([])
        expect((yield* person.get("/api/subscription/status")).body).toEqual({
          status: "inactive",
          plan: null,
          renewsAt: null,
          endsAt: null,
        })
        for (const path of ["/api/credits", "/api/credits/usage", "/api/credits/transactions"]) {
          expect((yield* request(path)).status).toBe(401)
        }
      }),
    )
  })

  describe("packs in the test-mode checkout", () => {
    it.effect("paying adds the pack's credits and a completed transaction, once", () =>
      Effect.gen(function* () {
        const { person } = yield* member()
        const { sessionId, redirectUrl } = yield* buyProPack(person)
        expect(redirectUrl).toBe(`/credits?success=true&session_id=${sessionId}`)
        expect(yield* balanceOf(person)).toBe(150)
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          {
            id: sessionId,
            type: "pack",
            description: "Pro pack: 150 credits",
            amount: 150,
            status: "completed",
            price: { amountCents: 1329, currency: "EUR" },
          },
        ])
        const verified = yield* person.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)
        expect(verified.body).toEqual({ status: "success", creditAmount: 150 })
        const asSubscription = yield* person.get(
          `/api/payments/verify-subscription?sessionId=${sessionId}`,
        )
        expect(asSubscription.status).toBe(409)
        // Paying again (a double click, a reload) changes nothing.
        const again = yield* person.post(`/api/checkout/${sessionId}/pay`)
        expect(again.status).toBe(200)
        expect(yield* balanceOf(person)).toBe(150)
        const page = yield* person.get(`/api/checkout/${sessionId}`)
        expect(page.body).toMatchObject({ status: "paid", amountCents: 1329, currency: "eur" })
      }),
    )

    it.effect("a checkout shows as pending until paid, and cancelling it closes it", () =>
      Effect.gen(function* () {
        const { person } = yield* member()
        const { sessionId } = yield* openPack(person, {
          amount: 4.99,
          credits: 50,
          description: "Basic",
        })
        expect((yield* person.get(`/api/checkout/${sessionId}`)).body).toMatchObject({
          kind: "pack",
          description: "Basic pack: 50 credits",
          credits: 50,
          status: "open",
        })
        const pending = yield* person.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)
        expect(pending.body).toEqual({ status: "pending", creditAmount: 50 })
        yield* settle
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          { id: sessionId, status: "pending", amount: 50 },
        ])
        const cancelled = yield* person.post(`/api/checkout/${sessionId}/cancel`)
        expect(cancelled.body).toEqual({ redirectUrl: "/credits?canceled=true" })
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          { id: sessionId, status: "cancelled" },
        ])
        const paid = yield* person.post(`/api/checkout/${sessionId}/pay`)
        expect(paid.status).toBe(409)
        expect(yield* balanceOf(person)).toBe(0)
      }),
    )

    it.effect("a tampered amount or credit count buys nothing", () =>
      Effect.gen(function* () {
        const { person } = yield* member()
        const checkoutsBefore = yield* query<{ n: number }>(
          "select count(*)::int as n from events where type = 'CheckoutStarted'",
        )
        const unknownPack =
          "This pack does not exist. Choose one of the packs on the Credits page and try again."
        for (const payload of [
          { amount: 0.99, credits: 150 },
          { amount: 13.29, credits: 1500 },
          { amount: 4.99, credits: 50, packId: "premium" as const },
        ]) {
          const refused = yield* Effect.flip(openPack(person, payload))
          expect(refused).toMatchObject({ _tag: "UnknownOffer", message: unknownPack })
        }
        // Payloads the contract cannot send: the server reads them and refuses them the same way.
        for (const payload of [
          { amount: -13.29, credits: 150 },
          { amount: "13.29", credits: 150 },
        ]) {
          const answer = yield* person.post("/api/payments/create-payment-intent", payload)
          expect(answer.status).toBe(400)
          expect(decodeBody(HttpApiError.HttpApiDecodeError, answer).message).toBe(unknownPack)
        }
        const checkoutsAfter = yield* query<{ n: number }>(
          "select count(*)::int as n from events where type = 'CheckoutStarted'",
        )
        expect(checkoutsAfter).toEqual(checkoutsBefore)
      }),
    )

    it.effect("nobody sees, pays or cancels another person's checkout", () =>
      Effect.gen(function* () {
        const { person: owner } = yield* member()
        const { person: other } = yield* member()
        const { sessionId } = yield* openPack(owner, { amount: 39.99, credits: 500 })
        expect((yield* other.get(`/api/checkout/${sessionId}`)).status).toBe(404)
        expect((yield* other.post(`/api/checkout/${sessionId}/pay`)).status).toBe(404)
        expect((yield* other.post(`/api/checkout/${sessionId}/cancel`)).status).toBe(404)
        expect(
          (yield* other.get(`/api/payments/verify-onetime?sessionId=${sessionId}`)).status,
        ).toBe(404)
        expect((yield* request(`/api/checkout/${sessionId}/pay`, { method: "POST" })).status).toBe(
          401,
        )
        expect(yield* balanceOf(other)).toBe(0)
        expect(yield* balanceOf(owner)).toBe(0)
      }),
    )
  })

  describe("subscriptions in the test mode", () => {
    it.effect("subscribe, see it active, be refused a second, cancel, then subscribe again", () =>
      Effect.gen(function* () {
        const { person } = yield* member()
        const { sessionId } = yield* openPlan(person, "PRO")
        yield* person.post(`/api/checkout/${sessionId}/pay`)
        const verified = yield* person.get(
          `/api/payments/verify-subscription?sessionId=${sessionId}`,
        )
        expect(verified.body).toEqual({ status: "already_processed", planId: "PRO", credits: 300 })
        expect(yield* balanceOf(person)).toBe(300)
        const status = yield* subscriptionOf(person)
        expect(status).toMatchObject({ status: "active", plan: "PRO", endsAt: null })
        const days = ((status.renewsAt?.getTime() ?? Number.NaN) - Date.now()) / 86_400_000
        expect(days).toBeGreaterThan(27)
        expect(days).toBeLessThan(32)
        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          { id: sessionId, type: "subscription", status: "completed", amount: 300 },
        ])

        const second = yield* Effect.flip(openPlan(person, "BASIC"))
        expect(second).toMatchObject({
          _tag: "ActiveSubscriptionExists",
          title: "Active Subscription Exists",
          message: "You already have an active subscription. Cancel it first to change plans.",
        })

        const cancelled = yield* callAs(person, (api) => api.billing.cancelSubscription())
        expect(cancelled).toMatchObject({
          status: "cancelled",
          plan: "PRO",
          renewsAt: null,
          endsAt: status.renewsAt,
        })
        expect((yield* person.get("/api/subscription/status")).body).toMatchObject({
          status: "cancelled",
        })
        expect((yield* person.post("/api/subscription/cancel")).status).toBe(404)
        expect((yield* person.post("/api/subscription/create", { planId: "BASIC" })).status).toBe(
          200,
        )
        expect(yield* balanceOf(person)).toBe(300)
      }),
    )

    it.effect("an unknown plan is refused with the plans there are", () =>
      Effect.gen(function* () {
        const { person } = yield* member()
        const answer = yield* person.post("/api/subscription/create", { planId: "GOLD" })
        expect(answer.status).toBe(400)
        expect(decodeBody(HttpApiError.HttpApiDecodeError, answer).message).toBe(
          "Choose one of the plans: BASIC, PRO or PREMIUM.",
        )
        const missing = yield* person.post("/api/subscription/create", {})
        expect(missing.status).toBe(400)
        expect(decodeBody(HttpApiError.HttpApiDecodeError, missing).message).toBe(
          "Choose one of the plans: BASIC, PRO or PREMIUM.",
        )
      }),
    )

    it.effect(
      "renewal credits a plan once per period; a cancelled plan ends after its period",
      () =>
        Effect.gen(function* () {
          const billing = yield* Billing
          const { person } = yield* member()
          const { sessionId } = yield* openPlan(person, "BASIC")
          yield* callAs(person, (api) => api.billing.payOfflineCheckout({ path: { sessionId } }))
          const renewsAt = (yield* subscriptionOf(person)).renewsAt?.getTime() ?? Number.NaN
          const due = new Date(renewsAt + 60_000)

          yield* billing.renewOfflineSubscriptions({ now: new Date(), force: false })
          yield* settle
          expect(yield* balanceOf(person)).toBe(100)
          yield* billing.renewOfflineSubscriptions({ now: due, force: false })
          yield* billing.renewOfflineSubscriptions({ now: due, force: false })
          yield* settle
          expect(yield* balanceOf(person)).toBe(200)
          const renewed = (yield* subscriptionOf(person)).renewsAt?.getTime() ?? Number.NaN
          expect(renewed).toBeGreaterThan(renewsAt)
          const transactions = yield* callAs(person, (api) => api.creditLedger.transactions())
          expect(transactions.map((t) => t.description)).toEqual([
            "Basic plan renewal: 100 credits",
            "Basic plan: 100 credits",
          ])

          yield* person.post("/api/subscription/cancel")
          const end = new Date(renewed + 60_000)
          yield* billing.renewOfflineSubscriptions({ now: end, force: false })
          yield* settle
          expect(yield* balanceOf(person)).toBe(200)
          expect((yield* person.get("/api/subscription/status")).body).toMatchObject({
            status: "inactive",
          })
        }),
    )
  })

  describe("audit", () => {
    it.effect("finance reads every movement with its running balance, cause and actor", () =>
      Effect.gen(function* () {
        const { person, userId } = yield* member()
        const finance = yield* admin
        const { sessionId } = yield* buyProPack(person)
        const adjusted = yield* finance.post(`/api/admin/ledger/${userId}/adjustments`, {
          amount: -20,
          reason: "Chargeback, case 1234",
        })
        expect(adjusted.body).toMatchObject({ status: "applied", balance: 130 })
        const ledger = yield* callAs(finance, (api) =>
          api.billing.ledger({ path: { userId }, urlParams: {} }),
        )
        expect(ledger).toMatchObject({
          userId,
          balance: 130,
          entries: [
            {
              type: "CreditsPurchased",
              amount: 150,
              balanceAfter: 150,
              cause: "checkout",
              causeId: sessionId,
              actor: "system:payments:local",
            },
            {
              type: "CreditsAdjusted",
              amount: -20,
              balanceAfter: 130,
              cause: "adjustment",
              detail: "Chargeback, case 1234",
            },
          ],
        })
        const financeId = (yield* callAs(finance, (api) => api.identity.currentUser())).id
        expect(ledger.entries[1]?.actor).toBe(`admin:${financeId}`)
        const csv = yield* finance.get(`/api/admin/ledger/${userId}/csv`)
        expect(csv.headers.get("content-type")).toContain("text/csv")
        expect(csv.text.split("\r\n")[0]).toBe(
          "position,recorded_at,type,amount,balance_after,cause,cause_id,payment,actor,detail,ticket,requested_by,approved_by",
        )
        expect(csv.text).toContain(`,CreditsAdjusted,-20,130,adjustment,`)
        expect(csv.text).toContain('"Chargeback, case 1234"')
      }),
    )

    it.effect("only administrators read ledgers or adjust; bad adjustments change nothing", () =>
      Effect.gen(function* () {
        const { person, userId } = yield* member()
        const finance = yield* admin
        expect((yield* person.get(`/api/admin/ledger/${userId}`)).status).toBe(404)
        expect((yield* person.get(`/api/admin/ledger/${userId}/csv`)).status).toBe(404)
        expect((yield* request(`/api/admin/ledger/${userId}`)).status).toBe(401)
        const byUser = yield* person.post(`/api/admin/ledger/${userId}/adjustments`, {
          amount: 100,
          reason: "for me",
        })
        expect(byUser.status).toBe(404)

        const belowZero = yield* Effect.flip(
          callAs(finance, (api) =>
            api.billing.adjustCredits({
              path: { userId },
              payload: { amount: -5, reason: "test" },
            }),
          ),
        )
        expect(belowZero).toMatchObject({
          _tag: "InvalidAdjustment",
          message: "The balance is 0 credits; an adjustment cannot take it below zero.",
        })
        for (const payload of [
          { amount: 0, reason: "nothing" },
          { amount: 2.5, reason: "half" },
          { amount: 10, reason: " " },
          { amount: 10 },
        ]) {
          const answer = yield* finance.post(`/api/admin/ledger/${userId}/adjustments`, payload)
          expect(answer.status).toBe(400)
        }
        const nobody = yield* finance.post("/api/admin/ledger/no-such-user/adjustments", {
          amount: 10,
          reason: "typo",
        })
        expect(nobody.status).toBe(404)
        expect((yield* finance.get("/api/admin/ledger/no-such-user")).status).toBe(404)
        expect(yield* balanceOf(person)).toBe(0)
      }),
    )

    it.effect("the audit agrees with the ledger, and finds a balance that drifted", () =>
      Effect.gen(function* () {
        const billing = yield* Billing
        const { person, userId } = yield* member()
        yield* buyProPack(person)
        yield* settle
        const clean = yield* billing.audit
        expect(clean.differences).toEqual([])
        expect(clean.breaks).toEqual([])
        yield* query("update credit_balances set balance = balance + 5 where user_id = $1", [
          userId,
        ])
        const drifted = yield* billing.audit
        expect(drifted.differences).toEqual([{ userId, events: 150, projection: 155 }])
      }),
    )
  })
})

describeApp({ env: { ...env, SIGNUP_CREDITS: "20" } })("sign-up credits", (it) => {
  it.effect("a new account starts with the configured credits, as a ledger event", () =>
    Effect.gen(function* () {
      const { person } = yield* member()
      expect(yield* balanceOf(person)).toBe(20)
      expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
        { type: "signup", description: "Welcome credits", amount: 20, status: "completed" },
      ])
    }),
  )
})
