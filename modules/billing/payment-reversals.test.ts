import { describe, expect, it } from "@effect/vitest"
import {
  type CreditAccountEvent,
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  PaymentDisputeClosed,
  PaymentDisputed,
  PaymentRefunded,
  SubscriptionActivated,
  SubscriptionCreditsGranted,
} from "#events/contracts/billing.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { creditAccount } from "./credit-account-decider.ts"
import type { CreditCommand } from "./credit-commands.ts"

const userId = "u1"
const pack = { kind: "pack", item: "premium" } as const
const money = { amountCents: 3999, currency: "eur" }

/** A Premium pack: 500 credits for 39.99 EUR. */
const purchased = (balanceAfter = 500, session = "cs_1") =>
  new CreditsPurchased({
    userId,
    pack: "premium",
    amount: 500,
    balanceAfter,
    checkoutSessionId: session,
    ...money,
  })
const debited = (amount: number, balanceAfter: number, generationId = "g1") =>
  new CreditsDebited({ userId, amount, balanceAfter, generationId })
const refund = (refundId: string, amountCents: number, paymentId = "cs_1") =>
  ({
    _tag: "RecordPaymentRefund",
    userId,
    paymentId,
    refundId,
    reason: "requested_by_customer",
    amountCents,
    currency: "eur",
  }) as const
const refunded = (
  refundId: string,
  amountCents: number,
  refundedCents: number,
  amount: number,
  balanceAfter: number,
  heldAfter = 0,
) =>
  new PaymentRefunded({
    userId,
    paymentId: "cs_1",
    refundId,
    reason: "requested_by_customer",
    amount,
    balanceAfter,
    amountCents,
    currency: "eur",
    refundedCents,
    heldAfter,
    ...pack,
  })
const dispute = {
  _tag: "RecordDispute",
  userId,
  paymentId: "cs_1",
  disputeId: "dp_1",
  ...money,
} as const
const close = (outcome: "won" | "lost") =>
  ({
    _tag: "CloseDispute",
    userId,
    paymentId: "cs_1",
    disputeId: "dp_1",
    outcome,
    ...money,
  }) as const
const disputed = (held: number, heldAfter: number, balanceAfter: number) =>
  new PaymentDisputed({
    userId,
    paymentId: "cs_1",
    disputeId: "dp_1",
    held,
    heldAfter,
    balanceAfter,
    ...money,
    ...pack,
  })
const closed = (
  outcome: "won" | "lost",
  released: number,
  amount: number,
  balanceAfter: number,
  heldAfter = 0,
) =>
  new PaymentDisputeClosed({
    userId,
    paymentId: "cs_1",
    disputeId: "dp_1",
    outcome,
    released,
    amount,
    heldAfter,
    balanceAfter,
    ...money,
    ...pack,
  })
const debit = (amount: number): CreditCommand => ({
  _tag: "Debit",
  userId,
  generationId: "g9",
  amount,
})

describe("refunds of a payment", () => {
  it("a full refund takes back exactly the credits the payment granted", () => {
    given(creditAccount, [purchased()])
      .when(refund("re_1", 3999))
      .thenEmits([refunded("re_1", 3999, 3999, 500, 0)])
  })

  it("partial refunds take back pro rata on the cumulative amount, never drifting", () => {
    // 1000 of 3999 cents: floor(500 * 1000 / 3999) = 125; then 2000: floor(500 * 3000 / 3999) = 375.
    const first = refunded("re_1", 1000, 1000, 125, 375)
    given(creditAccount, [purchased()]).when(refund("re_1", 1000)).thenEmits([first])
    const second = refunded("re_2", 2000, 3000, 250, 125)
    given(creditAccount, [purchased(), first]).when(refund("re_2", 2000)).thenEmits([second])
    // The rest takes back the rest: 500 in all, as a full refund would.
    given(creditAccount, [purchased(), first, second])
      .when(refund("re_3", 999))
      .thenEmits([refunded("re_3", 999, 3999, 125, 0)])
  })

  it("a refund reported again (charge.refunded, then refund.updated) changes nothing", () => {
    given(creditAccount, [purchased(), refunded("re_1", 1000, 1000, 125, 375)])
      .when(refund("re_1", 1000))
      .thenFails("PaymentAlreadyRefunded", { paymentId: "cs_1" })
  })

  it("refuses a refund larger than what is left, of nothing, or of an unknown payment", () => {
    given(creditAccount, [purchased()]).when(refund("re_1", 4000)).thenFails("InvalidRefund", {
      message: "A refund of this payment must be between 0.01 and 39.99 EUR.",
    })
    given(creditAccount, [purchased(), refunded("re_1", 3000, 3000, 375, 125)])
      .when(refund("re_2", 1000))
      .thenFails("InvalidRefund", {
        message: "A refund of this payment must be between 0.01 and 9.99 EUR.",
      })
    given(creditAccount, [purchased(), refunded("re_1", 3999, 3999, 500, 0)])
      .when(refund("re_2", 1))
      .thenFails("InvalidRefund", { message: "This payment has been refunded in full already." })
    given(creditAccount, [purchased()]).when(refund("re_1", 0)).thenFails("InvalidRefund")
    given(creditAccount, [purchased()])
      .when(refund("re_1", 100, "cs_404"))
      .thenFails("UnknownPayment", { paymentId: "cs_404" })
  })

  it("a plan's invoice is refunded as a pack is, named by the invoice", () => {
    const history: Array<CreditAccountEvent> = [
      new SubscriptionActivated({
        userId,
        plan: "PRO",
        subscriptionId: "sub_1",
        renewsAt: new Date("2026-07-01T00:00:00Z"),
        checkoutSessionId: "cs_sub",
      }),
      new SubscriptionCreditsGranted({
        userId,
        plan: "PRO",
        subscriptionId: "sub_1",
        invoiceId: "in_1",
        amount: 300,
        balanceAfter: 300,
        periodEnd: new Date("2026-07-01T00:00:00Z"),
        checkoutSessionId: "cs_sub",
        amountCents: 1329,
        currency: "eur",
      }),
    ]
    const decision = creditAccount.decide(
      { ...refund("re_1", 1329, "in_1") },
      fold(creditAccount, history),
    )
    expect(decision).toMatchObject({
      right: [{ amount: 300, balanceAfter: 0, kind: "subscription", item: "PRO" }],
    })
  })
})

describe("a negative balance", () => {
  const spent = [purchased(), debited(400, 100)]

  it("a refund of spent credits takes the balance below zero", () => {
    given(creditAccount, spent)
      .when(refund("re_1", 3999))
      .thenEmits([refunded("re_1", 3999, 3999, 500, -400)])
  })

  it("refuses every debit until it is positive again, saying why and how much is owed", () => {
    const owing = [...spent, refunded("re_1", 3999, 3999, 500, -400)]
    given(creditAccount, owing)
      .when(debit(10))
      .thenFails("InsufficientCredits", {
        balance: -400,
        owed: { because: "refund", credits: 400, held: 0 },
        message:
          "A refund took back credits you had spent: your balance is -400 credits. Buy credits to settle it before starting anything paid.",
      })
    // A purchase that settles it makes the account spend again.
    const settled = [...owing, purchased(100, "cs_2")]
    given(creditAccount, settled)
      .when(debit(10))
      .thenEmits([debited(10, 90, "g9")])
    expect(fold(creditAccount, settled).owedBecause).toBeNull()
  })

  it("an admin can add credits to a negative balance, not take more", () => {
    const owing = [...spent, refunded("re_1", 3999, 3999, 500, -400)]
    given(creditAccount, owing)
      .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: 50, reason: "goodwill" })
      .thenEmits([
        new CreditsAdjusted({
          userId,
          amount: 50,
          balanceAfter: -350,
          adjustmentId: "a1",
          reason: "goodwill",
        }),
      ])
    given(creditAccount, owing)
      .when({ _tag: "Adjust", userId, adjustmentId: "a1", amount: -1, reason: "x" })
      .thenFails("InvalidAdjustment")
  })
})

describe("disputes", () => {
  it("an opened dispute holds the payment's credits: they cannot be spent", () => {
    given(creditAccount, [purchased(), purchased(1000, "cs_2")])
      .when(dispute)
      .thenEmits([disputed(500, 500, 1000)])
    const holding = [purchased(), purchased(1000, "cs_2"), disputed(500, 500, 1000)]
    given(creditAccount, holding)
      .when(debit(500))
      .thenEmits([debited(500, 500, "g9")])
    given(creditAccount, holding)
      .when(debit(501))
      .thenFails("InsufficientCredits", {
        owed: { because: "dispute_open", credits: 0, held: 500 },
        message:
          "A dispute over one of your payments holds 500 of your 1000 credits until it closes: you can spend 500 credits, and this needs 501.",
      })
  })

  it("holds only what refunds left of the payment", () => {
    const first = refunded("re_1", 1000, 1000, 125, 375)
    given(creditAccount, [purchased(), first])
      .when(dispute)
      .thenEmits([disputed(375, 375, 375)])
  })

  it("won, it releases the credits; lost, it removes them, below zero if they were spent", () => {
    const holding = [purchased(), debited(400, 100), disputed(500, 500, 100)]
    given(creditAccount, holding)
      .when(close("won"))
      .thenEmits([closed("won", 500, 0, 100)])
    given(creditAccount, holding)
      .when(close("lost"))
      .thenEmits([closed("lost", 500, 500, -400)])
    given(creditAccount, [...holding, closed("lost", 500, 500, -400)])
      .when(debit(10))
      .thenFails("InsufficientCredits", {
        owed: { because: "dispute_lost", credits: 400, held: 0 },
        message:
          "A disputed payment was taken back with credits you had spent: your balance is -400 credits. Buy credits to settle it before starting anything paid.",
      })
  })

  it("reported twice, opened or closed, it changes nothing more", () => {
    given(creditAccount, [purchased(), disputed(500, 500, 500)])
      .when(dispute)
      .thenFails("AlreadyDisputed", { disputeId: "dp_1" })
    given(creditAccount, [purchased(), disputed(500, 500, 500), closed("won", 500, 0, 500)])
      .when(close("won"))
      .thenFails("DisputeAlreadyClosed", { disputeId: "dp_1" })
    given(creditAccount, [purchased(), disputed(500, 500, 500), closed("won", 500, 0, 500)])
      .when(dispute)
      .thenFails("AlreadyDisputed")
  })

  it("closed before its opening is reported, it opens and closes at once", () => {
    given(creditAccount, [purchased()])
      .when(close("lost"))
      .thenEmits([disputed(500, 500, 500), closed("lost", 500, 500, 0)])
    // The opening, late, changes nothing.
    given(creditAccount, [purchased(), disputed(500, 500, 500), closed("lost", 500, 500, 0)])
      .when(dispute)
      .thenFails("AlreadyDisputed")
  })

  it("a refund and a lost dispute never take the payment's credits twice, in either order", () => {
    const lost = closed("lost", 500, 500, 0)
    given(creditAccount, [purchased(), disputed(500, 500, 500), lost])
      .when(refund("re_1", 1000))
      .thenEmits([refunded("re_1", 1000, 1000, 0, 0)])
    // Refunded during the dispute: the refund takes its share, the hold shrinks, the loss takes the rest.
    const during = refunded("re_1", 1000, 1000, 125, 375, 375)
    given(creditAccount, [purchased(), disputed(500, 500, 500)])
      .when(refund("re_1", 1000))
      .thenEmits([during])
    given(creditAccount, [purchased(), disputed(500, 500, 500), during])
      .when(close("lost"))
      .thenEmits([closed("lost", 375, 375, 0)])
  })

  it("refuses a dispute of a payment the account does not have", () => {
    given(creditAccount, [purchased()])
      .when({ ...dispute, paymentId: "cs_404" })
      .thenFails("UnknownPayment", { paymentId: "cs_404" })
  })
})
