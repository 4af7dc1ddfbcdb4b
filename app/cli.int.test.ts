import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { query } from "#events/testing.ts"
import { CreditAccounts } from "#modules/billing/index.ts"
import { browser, describeApp, settle, signUpGrantedAdmin } from "./testing.ts"
import { cli } from "./testing-cli.ts"
import { callAs, clientOf } from "./testing-client.ts"

describeApp()("command line", (it) => {
  it.effect(
    "audit passes on a consistent ledger and fails, naming the user, on a drifted one",
    () =>
      Effect.gen(function* () {
        const buyer = yield* clientOf(browser())
        const registered = yield* buyer.identity.register({
          payload: {
            username: "auditee",
            email: "auditee@example.com",
            password: "secret-password",
            name: "Ada Audit",
            acceptTerms: true,
          },
        })
        const userId = registered.user.id
        const { sessionId } = yield* buyer.billing.createPaymentIntent({
          payload: { amount: 4.99, credits: 50 },
        })
        yield* buyer.billing.payOfflineCheckout({ path: { sessionId } })
        // Spent, partly refunded, then disputed and lost: the balance goes below zero, in the audit too.
        const accounts = yield* CreditAccounts
        const actor = Actors.system("test")
        const payment = { userId, paymentId: sessionId, currency: "eur" }
        yield* accounts.execute({ _tag: "Debit", userId, generationId: "g1", amount: 10 }, actor)
        yield* accounts.execute(
          {
            _tag: "RecordPaymentRefund",
            ...payment,
            refundId: "re_1",
            reason: "requested_by_customer",
            amountCents: 200,
          },
          actor,
        )
        const dispute = { ...payment, disputeId: "dp_1", amountCents: 299 }
        yield* accounts.execute({ _tag: "RecordDispute", ...dispute }, actor)
        const lost = yield* accounts.execute(
          { _tag: "CloseDispute", ...dispute, outcome: "lost" },
          actor,
        )
        expect(lost.state.balance).toBe(-10)
        // Support grants 2,000 credits, above the threshold: one admin asks, another approves.
        const asker = yield* signUpGrantedAdmin("asker")
        const approver = yield* signUpGrantedAdmin("approver")
        const { adjustmentId } = yield* callAs(asker.person, (api) =>
          api.billing.adjustCredits({
            path: { userId },
            payload: { amount: 2000, reason: "Goodwill after the dispute" },
          }),
        )
        const approved = yield* callAs(approver.person, (api) =>
          api.billing.approveAdjustment({ path: { adjustmentId } }),
        )
        expect(approved).toMatchObject({ status: "applied", balance: 1990 })
        yield* settle

        const clean = yield* cli("audit")
        expect(clean.stdout).toContain("every balance matches its events")
        expect(clean.code).toBe(0)

        yield* query("update credit_balances set balance = 500 where user_id = $1", [userId])
        const drifted = yield* cli("audit")
        expect(drifted.code).toBe(1)
        expect(drifted.stderr).toContain(
          `user ${userId}: events say 1990 credits, the credit ledger says 500`,
        )
      }),
  )

  it.effect("renew-subscriptions renews test-mode plans on demand", () =>
    Effect.gen(function* () {
      const buyer = yield* clientOf(browser())
      yield* buyer.identity.register({
        payload: {
          username: "renewer",
          email: "renewer@example.com",
          password: "secret-password",
          name: "Rene Renew",
          acceptTerms: true,
        },
      })
      const { sessionId } = yield* buyer.billing.createSubscription({
        payload: { planId: "BASIC" },
      })
      yield* buyer.billing.payOfflineCheckout({ path: { sessionId } })
      const due = yield* cli("renew-subscriptions")
      expect(due.stdout).toContain("Renewed 0 test-mode subscription(s)")
      const forced = yield* cli("renew-subscriptions", "--force")
      expect(forced.stdout).toContain("Renewed 1 test-mode subscription(s)")
      yield* settle
      expect((yield* buyer.creditLedger.credits()).credits).toBe(200)
    }),
  )
})
