import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import {
  type CreditAccountEvent,
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  CreditsRefunded,
  PaymentDisputed,
  PaymentRefunded,
  SignupCreditsGranted,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionCreditsGranted,
  SubscriptionDeclined,
  SubscriptionEnded,
} from "#events/contracts/billing.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { InsufficientCredits } from "./api-credit-refusals.ts"
import { creditAccount } from "./credit-account-decider.ts"
import { memory } from "./credit-account-state.ts"

const userId = "u1"
const june = new Date("2026-06-01T00:00:00Z")
const july = new Date("2026-07-01T00:00:00Z")

const purchased = (balanceAfter: number, session = "cs_1", amount = 50) =>
  new CreditsPurchased({
    userId,
    pack: "basic",
    amount,
    balanceAfter,
    checkoutSessionId: session,
    amountCents: 499,
    currency: "eur",
  })
const debited = (balanceAfter: number, generationId = "g1") =>
  new CreditsDebited({ userId, amount: 5, balanceAfter, generationId })
const activated = (subscriptionId = "sub_1", renewsAt = june) =>
  new SubscriptionActivated({
    userId,
    plan: "PRO",
    subscriptionId,
    renewsAt,
    checkoutSessionId: "cs_sub",
  })
const invoiced = (
  balanceAfter: number,
  invoiceId = "in_1",
  subscriptionId = "sub_1",
  periodEnd = june,
) =>
  new SubscriptionCreditsGranted({
    userId,
    plan: "PRO",
    subscriptionId,
    invoiceId,
    amount: 300,
    balanceAfter,
    periodEnd,
    checkoutSessionId: invoiceId === "in_1" ? "cs_sub" : null,
    amountCents: 1329,
    currency: "eur",
  })
const invoice = (invoiceId: string, subscriptionId = "sub_1", periodEnd = june) =>
  ({
    _tag: "RecordSubscriptionInvoice",
    userId,
    subscriptionId,
    plan: "PRO",
    invoiceId,
    amount: 300,
    amountCents: 1329,
    currency: "eur",
    periodEnd,
    checkoutSessionId: invoiceId === "in_1" ? "cs_sub" : null,
  }) as const

describe("credit account", () => {
  describe("sign-up grant", () => {
    it("grants the configured credits once", () => {
      given(creditAccount, [])
        .when({ _tag: "GrantSignupCredits", userId, amount: 20 })
        .thenEmits([new SignupCreditsGranted({ userId, amount: 20, balanceAfter: 20 })])
      given(creditAccount, [new SignupCreditsGranted({ userId, amount: 20, balanceAfter: 20 })])
        .when({ _tag: "GrantSignupCredits", userId, amount: 20 })
        .thenFails("AlreadyGranted", { cause: "signup" })
    })

    it("grants nothing when the configuration says 0", () => {
      given(creditAccount, []).when({ _tag: "GrantSignupCredits", userId, amount: 0 }).thenNothing()
    })
  })

  describe("packs", () => {
    it("adds a pack's credits with the balance after them", () => {
      given(creditAccount, [purchased(50, "cs_0")])
        .when({
          _tag: "RecordPurchase",
          userId,
          checkoutSessionId: "cs_1",
          pack: "basic",
          amount: 50,
          amountCents: 499,
          currency: "eur",
        })
        .thenEmits([purchased(100, "cs_1")])
    })

    it("refuses a second grant for the same checkout session", () => {
      given(creditAccount, [purchased(50, "cs_1")])
        .when({
          _tag: "RecordPurchase",
          userId,
          checkoutSessionId: "cs_1",
          pack: "basic",
          amount: 50,
          amountCents: 499,
          currency: "eur",
        })
        .thenFails("AlreadyGranted", { cause: "cs_1" })
    })
  })

  describe("debits and refunds", () => {
    it("debits when the balance covers the cost", () => {
      given(creditAccount, [purchased(50)])
        .when({ _tag: "Debit", userId, generationId: "g1", amount: 5 })
        .thenEmits([debited(45)])
    })

    it("refuses a debit above the balance, with the spec's message", () => {
      given(creditAccount, [purchased(4, "cs_1", 4)])
        .when({ _tag: "Debit", userId, generationId: "g1", amount: 5 })
        .thenFails("InsufficientCredits", { balance: 4, needed: 5 })
      expect(InsufficientCredits.of(3, 5, "generation").message).toBe(
        "You need 5 credits to generate a song. You currently have 3 credits.",
      )
    })

    it("refuses to debit one generation twice", () => {
      given(creditAccount, [purchased(50), debited(45)])
        .when({ _tag: "Debit", userId, generationId: "g1", amount: 5 })
        .thenFails("AlreadyDebited")
    })

    it("refunds exactly what was debited, once", () => {
      const refunded = new CreditsRefunded({
        userId,
        amount: 5,
        balanceAfter: 50,
        generationId: "g1",
      })
      given(creditAccount, [purchased(50), debited(45)])
        .when({ _tag: "Refund", userId, generationId: "g1" })
        .thenEmits([refunded])
      given(creditAccount, [purchased(50), debited(45), refunded])
        .when({ _tag: "Refund", userId, generationId: "g1" })
        .thenFails("AlreadyRefunded")
    })

    it("refuses to refund a generation it never debited", () => {
      given(creditAccount, [purchased(50)])
        .when({ _tag: "Refund", userId, generationId: "g9" })
        .thenFails("NotDebited")
    })

    it("refuses to debit a refunded generation again", () => {
      const refunded = new CreditsRefunded({
        userId,
        amount: 5,
        balanceAfter: 50,
        generationId: "g1",
      })
      given(creditAccount, [purchased(50), debited(45), refunded])
        .when({ _tag: "Debit", userId, generationId: "g1", amount: 5 })
        .thenFails("AlreadyDebited")
    })

    it("remembers a bounded number of debits", () => {
      const history: Array<CreditAccountEvent> = [purchased(10_000)]
      for (let i = 0; i < memory + 50; i++) history.push(debited(10_000 - 5 * (i + 1), `g${i}`))
      const state = fold(creditAccount, history)
      expect(state.debits).toHaveLength(memory)
      expect(state.debits.at(-1)).toEqual([`g${memory + 49}`, 5])
    })
  })

  describe("subscriptions", () => {
    it("a first paid invoice activates the plan and grants its credits", () => {
      given(creditAccount, [])
        .when(invoice("in_1"))
        .thenEmits([activated(), invoiced(300)])
    })

    it("a renewal grants once per invoice and moves the renewal date", () => {
      const renewal = invoiced(600, "in_2", "sub_1", july)
      given(creditAccount, [activated(), invoiced(300)])
        .when(invoice("in_2", "sub_1", july))
        .thenEmits([renewal])
      given(creditAccount, [activated(), invoiced(300), renewal])
        .when(invoice("in_2", "sub_1", july))
        .thenFails("AlreadyGranted", { cause: "in_2" })
      const state = fold(creditAccount, [activated(), invoiced(300), renewal])
      expect(state.subscription?.renewsAt).toEqual(july)
    })

    it("an active subscription blocks a second checkout until it is cancelled", () => {
      given(creditAccount, [activated(), invoiced(300)])
        .when({ _tag: "CheckSubscriptionCheckout", userId })
        .thenFails("SubscriptionAlreadyActive", { plan: "PRO" })
      given(creditAccount, []).when({ _tag: "CheckSubscriptionCheckout", userId }).thenNothing()
      given(creditAccount, [
        activated(),
        invoiced(300),
        new SubscriptionCancelled({ userId, subscriptionId: "sub_1", endsAt: june }),
      ])
        .when({ _tag: "CheckSubscriptionCheckout", userId })
        .thenNothing()
    })

    it("cancelling makes it non-renewing; cancelling again changes nothing", () => {
      const cancelled = new SubscriptionCancelled({ userId, subscriptionId: "sub_1", endsAt: june })
      given(creditAccount, [activated(), invoiced(300)])
        .when({ _tag: "CancelSubscription", userId, subscriptionId: "sub_1", endsAt: june })
        .thenEmits([cancelled])
      given(creditAccount, [activated(), invoiced(300), cancelled])
        .when({ _tag: "CancelSubscription", userId, subscriptionId: "sub_1", endsAt: june })
        .thenNothing()
      given(creditAccount, [])
        .when({ _tag: "CancelSubscription", userId, subscriptionId: "sub_1", endsAt: june })
        .thenFails("NoActiveSubscription")
      const state = fold(creditAccount, [activated(), invoiced(300), cancelled])
      expect(state.subscription).toMatchObject({ status: "cancelled", endsAt: june })
    })

    it("an ended subscription's late invoice grants its credits but does not bring it back", () => {
      const ended = new SubscriptionEnded({ userId, subscriptionId: "sub_1" })
      given(creditAccount, [activated(), invoiced(300), ended])
        .when(invoice("in_2", "sub_1", july))
        .thenEmits([invoiced(600, "in_2", "sub_1", july)])
      const state = fold(creditAccount, [activated(), invoiced(300), ended])
      expect(state.subscription).toBeNull()
    })

    it("ending another subscription than the current one changes nothing", () => {
      given(creditAccount, [activated("sub_2"), invoiced(300, "in_1", "sub_2")])
        .when({ _tag: "EndSubscription", userId, subscriptionId: "sub_1" })
        .thenNothing()
    })

    describe("a second subscription while one is active", () => {
      const declined = new SubscriptionDeclined({
        userId,
        plan: "PRO",
        subscriptionId: "sub_2",
        invoiceId: "in_9",
        checkoutSessionId: null,
        activeSubscriptionId: "sub_1",
        activePlan: "PRO",
        balanceAfter: 300,
        amountCents: 1329,
        currency: "eur",
      })
      const refund = {
        _tag: "RecordPaymentRefund",
        userId,
        paymentId: "in_9",
        refundId: "re_1",
        reason: "second_subscription",
        amountCents: 1329,
        currency: "eur",
      } as const
      const refunded = new PaymentRefunded({
        userId,
        paymentId: "in_9",
        refundId: "re_1",
        reason: "second_subscription",
        amount: 0,
        balanceAfter: 300,
        amountCents: 1329,
        currency: "eur",
        refundedCents: 1329,
      })

      it("is declined when its paid invoice comes: no plan, no credits, the balance as it was", () => {
        given(creditAccount, [activated(), invoiced(300)])
          .when(invoice("in_9", "sub_2"))
          .thenEmits([declined])
        const state = fold(creditAccount, [activated(), invoiced(300), declined])
        expect(state.subscription?.id).toBe("sub_1")
        expect(state.balance).toBe(300)
      })

      it("reported again, it is refused as declined: never granted later", () => {
        given(creditAccount, [activated(), invoiced(300), declined])
          .when(invoice("in_9", "sub_2"))
          .thenFails("AlreadyDeclined", { invoiceId: "in_9" })
      })

      it("its refund is recorded once, taking no credits", () => {
        given(creditAccount, [activated(), invoiced(300), declined])
          .when(refund)
          .thenEmits([refunded])
        given(creditAccount, [activated(), invoiced(300), declined, refunded])
          .when({ ...refund, refundId: "re_2" })
          .thenFails("PaymentAlreadyRefunded", { paymentId: "in_9" })
        given(creditAccount, [activated(), invoiced(300)])
          .when({ ...refund, paymentId: "in_404" })
          .thenFails("UnknownPayment", { paymentId: "in_404" })
      })

      it("after a cancelled plan, a new one is no second subscription: it starts", () => {
        const cancelled = new SubscriptionCancelled({
          userId,
          subscriptionId: "sub_1",
          endsAt: june,
        })
        const decision = creditAccount.decide(
          invoice("in_9", "sub_2"),
          fold(creditAccount, [activated(), invoiced(300), cancelled]),
        )
        expect(Either.getOrThrow(decision).map((event) => event._tag)).toEqual([
          "SubscriptionActivated",
          "SubscriptionCreditsGranted",
        ])
      })
    })

    it("a new plan after a cancelled one replaces it", () => {
      const history = [
        activated(),
        invoiced(300),
        new SubscriptionCancelled({ userId, subscriptionId: "sub_1", endsAt: june }),
        activated("sub_2", july),
      ]
      const state = fold(creditAccount, history)
      expect(state.subscription).toMatchObject({ id: "sub_2", status: "active" })
      expect(state.pastSubscriptions).toEqual(["sub_1"])
      expect(
        Either.isLeft(creditAccount.decide({ _tag: "CheckSubscriptionCheckout", userId }, state)),
      ).toBe(true)
    })
  })

  describe("adjustments", () => {
    it("adds or takes credits with a reason", () => {
      given(creditAccount, [purchased(50)])
        .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: -20, reason: "chargeback" })
        .thenEmits([
          new CreditsAdjusted({
            userId,
            amount: -20,
            balanceAfter: 30,
            adjustmentId: "a1",
            reason: "chargeback",
          }),
        ])
    })

    it("carries its ticket and both admins", () => {
      given(creditAccount, [purchased(50)])
        .when({
          _tag: "Adjust",
          userId,
          adjustmentId: "a1",
          amount: 2000,
          reason: "outage",
          ticket: "ZD-12",
          requestedBy: "admin-a",
          approvedBy: "admin-b",
        })
        .thenEmits([
          new CreditsAdjusted({
            userId,
            amount: 2000,
            balanceAfter: 2050,
            adjustmentId: "a1",
            reason: "outage",
            ticket: "ZD-12",
            requestedBy: "admin-a",
            approvedBy: "admin-b",
          }),
        ])
    })

    it("removes no credits a dispute holds", () => {
      const disputed = new PaymentDisputed({
        userId,
        paymentId: "cs_1",
        disputeId: "dp_1",
        held: 30,
        heldAfter: 30,
        balanceAfter: 50,
        amountCents: 499,
        currency: "eur",
        kind: "pack",
        item: "basic",
      })
      given(creditAccount, [purchased(50), disputed])
        .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: -21, reason: "x" })
        .thenFails("InvalidAdjustment", {
          message:
            "The balance is 50 credits, 30 of them held by a dispute; an adjustment cannot take more than 20.",
        })
      given(creditAccount, [purchased(50), disputed])
        .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: -20, reason: "x" })
        .thenEmits([
          new CreditsAdjusted({
            userId,
            amount: -20,
            balanceAfter: 30,
            adjustmentId: "a1",
            reason: "x",
          }),
        ])
    })

    it("refuses to go below zero, to change nothing, or to repeat", () => {
      given(creditAccount, [purchased(50)])
        .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: -51, reason: "x" })
        .thenFails("InvalidAdjustment")
      given(creditAccount, [purchased(50)])
        .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: 0, reason: "x" })
        .thenFails("InvalidAdjustment")
      const adjusted = new CreditsAdjusted({
        userId,
        amount: 5,
        balanceAfter: 55,
        adjustmentId: "a1",
        reason: "goodwill",
      })
      given(creditAccount, [purchased(50), adjusted])
        .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: 5, reason: "goodwill" })
        .thenFails("AlreadyGranted")
    })
  })
})
