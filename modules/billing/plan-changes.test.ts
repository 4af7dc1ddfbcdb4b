import { describe, expect, it } from "@effect/vitest"
import {
  type CreditAccountEvent,
  type PlanId,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionCreditsGranted,
  SubscriptionEnded,
  SubscriptionPaymentFailed,
  SubscriptionPlanChanged,
} from "#events/contracts/billing.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { creditAccount } from "./credit-account-decider.ts"

const userId = "u1"
const june = new Date("2026-06-01T00:00:00Z")
const july = new Date("2026-07-01T00:00:00Z")
const midJune = new Date("2026-06-15T00:00:00Z")
const retry = new Date("2026-07-04T00:00:00Z")

const activated = new SubscriptionActivated({
  userId,
  plan: "PRO",
  subscriptionId: "sub_1",
  renewsAt: june,
  checkoutSessionId: "cs_1",
})
const invoiced = (invoiceId: string, periodEnd: Date, balanceAfter: number, plan: PlanId = "PRO") =>
  new SubscriptionCreditsGranted({
    userId,
    plan,
    subscriptionId: "sub_1",
    invoiceId,
    amount: 300,
    balanceAfter,
    periodEnd,
    checkoutSessionId: null,
    amountCents: 1329,
    currency: "eur",
  })
const failed = (attempt: number, invoiceId = "in_2") =>
  new SubscriptionPaymentFailed({
    userId,
    plan: "PRO",
    subscriptionId: "sub_1",
    invoiceId,
    attempt,
    nextAttemptAt: retry,
    amountCents: 1329,
    currency: "eur",
  })
const failure = (attempt: number, invoiceId = "in_2") => ({
  _tag: "RecordPaymentFailure" as const,
  userId,
  subscriptionId: "sub_1",
  invoiceId,
  attempt,
  nextAttemptAt: retry,
  amountCents: 1329,
  currency: "eur",
})
const change = (toPlan: "BASIC" | "PRO" | "PREMIUM", changeId = "c1") => ({
  _tag: "ChangePlan" as const,
  userId,
  changeId,
  subscriptionId: "sub_1",
  toPlan,
  at: midJune,
})
const subscribed = [activated, invoiced("in_1", june, 300)]
const stateAfter = (events: ReadonlyArray<CreditAccountEvent>) => fold(creditAccount, events)

describe("a renewal the card did not pay", () => {
  it("is recorded once per attempt, and grants nothing", () => {
    given(creditAccount, subscribed)
      .when(failure(1))
      .thenEmits([failed(1)])
    given(creditAccount, [...subscribed, failed(1)])
      .when(failure(1))
      .thenNothing()
    given(creditAccount, [...subscribed, failed(2)])
      .when(failure(1))
      .thenNothing()
    given(creditAccount, [...subscribed, failed(1)])
      .when(failure(2))
      .thenEmits([failed(2)])
    expect(stateAfter([...subscribed, failed(1)]).balance).toBe(300)
  })

  it("reported after the invoice was paid, or for another subscription, changes nothing", () => {
    given(creditAccount, [...subscribed, invoiced("in_2", july, 600)])
      .when(failure(1))
      .thenNothing()
    given(creditAccount, subscribed)
      .when({ ...failure(1), subscriptionId: "sub_other" })
      .thenNothing()
  })

  it("is due until the invoice is paid or the subscription ends", () => {
    expect(stateAfter([...subscribed, failed(1)]).paymentDue).toMatchObject({
      invoiceId: "in_2",
      attempt: 1,
      nextAttemptAt: retry,
    })
    expect(stateAfter([...subscribed, failed(1), invoiced("in_2", july, 600)]).paymentDue).toBe(
      null,
    )
    const ended = new SubscriptionEnded({ userId, subscriptionId: "sub_1" })
    expect(stateAfter([...subscribed, failed(1), ended]).paymentDue).toBe(null)
  })
})

describe("a change of plan", () => {
  it("to a dearer plan applies now", () => {
    given(creditAccount, subscribed)
      .when(change("PREMIUM"))
      .thenEmits([
        new SubscriptionPlanChanged({
          userId,
          subscriptionId: "sub_1",
          fromPlan: "PRO",
          toPlan: "PREMIUM",
          effective: "now",
          effectiveAt: midJune,
        }),
      ])
  })

  it("to a cheaper plan waits for the renewal, which invoices and grants the new plan", () => {
    const down = new SubscriptionPlanChanged({
      userId,
      subscriptionId: "sub_1",
      fromPlan: "PRO",
      toPlan: "BASIC",
      effective: "at_renewal",
      effectiveAt: june,
    })
    given(creditAccount, subscribed).when(change("BASIC")).thenEmits([down])
    expect(stateAfter([...subscribed, down]).subscription).toMatchObject({
      plan: "PRO",
      nextPlan: "BASIC",
    })
    const renewed = stateAfter([...subscribed, down, invoiced("in_2", july, 400, "BASIC")])
    expect(renewed.subscription).toMatchObject({ plan: "BASIC", nextPlan: null, renewsAt: july })
  })

  it("back to the current plan keeps it; the same plan again is refused", () => {
    const down = new SubscriptionPlanChanged({
      userId,
      subscriptionId: "sub_1",
      fromPlan: "PRO",
      toPlan: "BASIC",
      effective: "at_renewal",
      effectiveAt: june,
    })
    given(creditAccount, [...subscribed, down])
      .when(change("PRO", "c2"))
      .thenEmits([
        new SubscriptionPlanChanged({
          userId,
          subscriptionId: "sub_1",
          fromPlan: "PRO",
          toPlan: "PRO",
          effective: "at_renewal",
          effectiveAt: june,
        }),
      ])
    given(creditAccount, subscribed)
      .when(change("PRO"))
      .thenFails("PlanChangeRefused", { message: "You are on this plan already." })
  })

  it("is refused without an active subscription, or once it is cancelled", () => {
    given(creditAccount, []).when(change("PREMIUM")).thenFails("NoActiveSubscription")
    const cancelled = new SubscriptionCancelled({ userId, subscriptionId: "sub_1", endsAt: june })
    given(creditAccount, [...subscribed, cancelled])
      .when(change("PREMIUM"))
      .thenFails("PlanChangeRefused")
  })
})
