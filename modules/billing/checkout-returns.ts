import { Effect } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import type { PlanId } from "#events/contracts/billing.ts"
import { NotASubscription } from "./api.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { Payments } from "./payments.ts"

/**
 * Coming back to /credits from a checkout: the payment is looked up at the provider, so credits appear
 * even when its webhook is late.
 */
export const makeCheckoutReturns = Effect.gen(function* () {
  const payments = yield* Payments
  const accounts = yield* CreditAccounts
  const { ownCheckout, settle } = payments

  /** From a subscription checkout. */
  const verifySubscription = Effect.fn("Billing.verifySubscription")(function* (
    user: SignedInUser,
    sessionId: string,
  ) {
    const found = yield* ownCheckout(user, sessionId)
    if (found.started.kind !== "subscription") {
      return yield* new NotASubscription({ message: "This payment is not a subscription." })
    }
    const plan = found.started.item as PlanId
    const answer = (status: "processed" | "already_processed" | "pending" | "refunded") => ({
      status,
      planId: plan,
      credits: found.started.credits,
    })
    const account = yield* accounts.load(user.userId)
    if (account.grants.includes(sessionId)) return answer("already_processed")
    if (account.declined.some((d) => d.checkoutSessionId === sessionId)) return answer("refunded")
    const settled = yield* settle(found, actorOf(user))
    return answer(settled === "declined" ? "refunded" : settled)
  })

  const verifyOneTime = Effect.fn("Billing.verifyOneTime")(function* (
    user: SignedInUser,
    sessionId: string,
  ) {
    const found = yield* ownCheckout(user, sessionId)
    const answer = (status: "success" | "pending") => ({
      status,
      creditAmount: found.started.credits,
    })
    if ((yield* accounts.load(user.userId)).grants.includes(sessionId)) return answer("success")
    const settled = yield* settle(found, actorOf(user))
    return answer(
      settled === "processed" || settled === "already_processed" ? "success" : "pending",
    )
  })

  return { verifySubscription, verifyOneTime }
})
