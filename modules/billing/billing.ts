import { Context, Effect, Layer, Option } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { PlanId } from "#events/contracts/billing.ts"
import { EventStore } from "#events/store/index.ts"
import { makeAdjustments } from "./adjustments.ts"
import { makeAdminLedger } from "./admin-ledger.ts"
import { Offer, PriceList, Reversed } from "./api.ts"
import { songCost } from "./api-prices.ts"
import type { BillingShape } from "./billing-shape.ts"
import { makeCheckoutReturns } from "./checkout-returns.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { CreditLedger } from "./credit-ledger.ts"
import { OfflineCheckoutService } from "./offline-checkout.ts"
import { PaymentProvider } from "./payment-provider.ts"
import { Payments } from "./payments.ts"
import { packs, plans } from "./price-list.ts"
import { StripeWebhooks } from "./stripe-webhooks.ts"
import { makeTestModeReversals } from "./test-mode-reversals.ts"

const make = Effect.gen(function* () {
  const config = yield* BillingConfig
  const store = yield* EventStore
  const accounts = yield* CreditAccounts
  const ledger = yield* CreditLedger
  const payments = yield* Payments
  const returns = yield* makeCheckoutReturns
  const provider = yield* PaymentProvider
  const offline = yield* OfflineCheckoutService
  const webhooks = yield* Effect.serviceOption(StripeWebhooks)
  const reversals = yield* makeTestModeReversals

  /**
   * Waits (briefly) until the read side shows everything committed so far, this request's writes too. Not
   * the store's head: while an older transaction is still open, the head stops short of a write that has
   * just committed, and the answer would come before the balance shows it.
   */
  const settled = Effect.flatMap(store.lastCommitted, ledger.caughtUp)
  const thenSettled = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.tap(effect, () => settled)
  const adjustments = yield* makeAdjustments(settled)

  const priceList = new PriceList({
    currency: config.currency.toUpperCase(),
    songCost,
    packs: packs.map((pack) => new Offer(pack)),
    plans: plans.map((plan) => new Offer(plan)),
    testMode: provider.name === "offline",
    dailyFreeCredits: config.dailyFreeCredits,
  })

  const adminLedger = yield* makeAdminLedger

  /**
   * Recomputes every balance from the events and compares: the projection's balance per user, and each
   * event's recorded balance against the running sum of amounts.
   */
  const audit = Effect.gen(function* () {
    yield* settled
    const { balances: fromEvents, breaks } = yield* accounts.recomputeBalances
    const projected = yield* ledger.balances
    const users = new Set([...fromEvents.keys(), ...projected.keys()])
    const differences = [...users]
      .map((userId) => ({
        userId,
        events: fromEvents.get(userId) ?? 0,
        projection: projected.get(userId) ?? 0,
      }))
      .filter((row) => row.events !== row.projection)
    return { accounts: users.size, differences, breaks }
  })

  return {
    priceList,
    subscriptionStatus: (user: SignedInUser) => payments.status(user.userId),
    buyPack: payments.buyPack,
    subscribe: payments.subscribe,
    cancelSubscription: (user: SignedInUser) => thenSettled(payments.cancelSubscription(user)),
    changePlan: (user: SignedInUser, plan: PlanId) => thenSettled(payments.changePlan(user, plan)),
    verifySubscription: (user: SignedInUser, sessionId: string) =>
      thenSettled(returns.verifySubscription(user, sessionId)),
    verifyOneTime: (user: SignedInUser, sessionId: string) =>
      thenSettled(returns.verifyOneTime(user, sessionId)),
    offlineCheckout: offline.view,
    payOfflineCheckout: (user: SignedInUser, sessionId: string) =>
      thenSettled(offline.pay(user, sessionId)),
    cancelOfflineCheckout: (user: SignedInUser, sessionId: string) =>
      thenSettled(offline.cancel(user, sessionId)),
    renewOfflineSubscriptions: offline.renewSubscriptions,
    receiveStripeWebhook: Option.map(webhooks, (w) => w.receive),
    adminLedger: adminLedger.page,
    adminLedgerCsv: adminLedger.csv,
    adminStatement: adminLedger.statement,
    requestAdjustment: adjustments.request,
    approveAdjustment: adjustments.approve,
    rejectAdjustment: adjustments.reject,
    pendingAdjustments: adjustments.pending,
    audit,
    adminPayments: reversals.payments,
    refundPayment: (...args: Parameters<typeof reversals.refund>) =>
      Effect.map(thenSettled(reversals.refund(...args)), (after) => new Reversed(after)),
    openDispute: (...args: Parameters<typeof reversals.openDispute>) =>
      Effect.map(thenSettled(reversals.openDispute(...args)), (after) => new Reversed(after)),
    closeDispute: (...args: Parameters<typeof reversals.closeDispute>) =>
      Effect.map(thenSettled(reversals.closeDispute(...args)), (after) => new Reversed(after)),
  }
})

/** Everything billing does (see billing-shape.ts for each function's contract). */
export class Billing extends Context.Tag("@melody/billing/Billing")<Billing, BillingShape>() {
  static readonly live = Layer.effect(Billing, make)
}
