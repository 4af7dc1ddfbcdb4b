import { describe, expect, it } from "@effect/vitest"
import {
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  CreditsRefunded,
  DailyCreditsGranted,
  PaymentDisputeClosed,
  PaymentDisputed,
  PaymentRefunded,
} from "#events/contracts/billing.ts"
import { given } from "#events/testing.ts"
import { creditAccount } from "./credit-account-decider.ts"
import { nextUtcMidnight, utcDay } from "./free-credits.ts"

const userId = "u1"
const grant = (day: string, amount: number, balanceAfter: number, freeAfter = 5) =>
  new DailyCreditsGranted({ userId, day, perDay: 5, amount, balanceAfter, freeAfter })
const daily = (day: string, perDay = 5) =>
  ({ _tag: "GrantDailyCredits", userId, day, perDay }) as const
const purchased = (amount: number, balanceAfter: number) =>
  new CreditsPurchased({
    userId,
    pack: "basic",
    amount,
    balanceAfter,
    checkoutSessionId: "cs_1",
    amountCents: 499,
    currency: "eur",
  })
const debited = (amount: number, balanceAfter: number, fromFree: number, generationId = "g1") =>
  new CreditsDebited({ userId, amount, balanceAfter, generationId, fromFree })
/** The purchase cs_1 (4.99 EUR) refunded in full, taking back `amount` credits. */
const refundedInFull = (amount: number, balanceAfter: number) =>
  new PaymentRefunded({
    userId,
    paymentId: "cs_1",
    refundId: "re_1",
    reason: "requested_by_customer",
    amount,
    balanceAfter,
    amountCents: 499,
    currency: "eur",
    refundedCents: 499,
  })
const debit = (amount: number, generationId = "g1") =>
  ({ _tag: "Debit", userId, generationId, amount }) as const
const stateAfter = (history: ReadonlyArray<Parameters<typeof creditAccount.evolve>[1]>) =>
  history.reduce(creditAccount.evolve, creditAccount.initialState)

describe("free daily credits", () => {
  it("top an empty account up to the day's allowance, the day as the cause", () => {
    given(creditAccount, [])
      .when(daily("2026-06-01"))
      .thenEmits([grant("2026-06-01", 5, 5)])
  })

  it("grant once a day: a second ask the same day is refused by its cause", () => {
    given(creditAccount, [grant("2026-06-01", 5, 5)])
      .when(daily("2026-06-01"))
      .thenFails("AlreadyGranted", { cause: "daily:2026-06-01" })
  })

  it("never accumulate: the next day tops up only what was spent", () => {
    given(creditAccount, [grant("2026-06-01", 5, 5), debited(3, 2, 3)])
      .when(daily("2026-06-02"))
      .thenEmits([grant("2026-06-02", 3, 5)])
  })

  it("top up nothing when still full, and then not again that day", () => {
    given(creditAccount, [grant("2026-06-01", 5, 5)])
      .when(daily("2026-06-02"))
      .thenEmits([grant("2026-06-02", 0, 5)])
    given(creditAccount, [grant("2026-06-01", 5, 5), grant("2026-06-02", 0, 5), debited(5, 0, 5)])
      .when(daily("2026-06-02"))
      .thenFails("AlreadyGranted")
  })

  it("sit on top of paid credits", () => {
    given(creditAccount, [purchased(50, 50)])
      .when(daily("2026-06-01"))
      .thenEmits([grant("2026-06-01", 5, 55)])
  })

  it("are not granted while the balance is below zero: they never pay what is owed", () => {
    const refunded = refundedInFull(50, -10)
    given(creditAccount, [purchased(50, 50), debited(40, 10, 0), refunded])
      .when(daily("2026-06-01"))
      .thenEmits([grant("2026-06-01", 0, -10, 0)])
  })

  it("are spent before paid credits, the debit saying how many", () => {
    given(creditAccount, [purchased(50, 50), grant("2026-06-01", 5, 55)])
      .when(debit(8))
      .thenEmits([debited(8, 47, 5)])
    given(creditAccount, [purchased(50, 50), grant("2026-06-01", 5, 55), debited(3, 52, 3)])
      .when(debit(3, "g2"))
      .thenEmits([debited(3, 49, 2, "g2")])
  })

  it("pay a generation on their own", () => {
    given(creditAccount, [grant("2026-06-01", 5, 5)])
      .when(debit(5))
      .thenEmits([debited(5, 0, 5)])
  })

  it("come back when their debit is refunded, up to the day's allowance; the rest comes back paid", () => {
    given(creditAccount, [purchased(50, 50), grant("2026-06-01", 5, 55), debited(8, 47, 5)])
      .when({ _tag: "Refund", userId, generationId: "g1" })
      .thenEmits([
        new CreditsRefunded({ userId, amount: 8, balanceAfter: 55, generationId: "g1", toFree: 5 }),
      ])
    // Yesterday's free credits spent, today's granted, then yesterday's debit refunded: still 5 free.
    const history = [
      grant("2026-06-01", 5, 5),
      debited(5, 0, 5),
      grant("2026-06-02", 5, 5),
      new CreditsRefunded({ userId, amount: 5, balanceAfter: 10, generationId: "g1", toFree: 0 }),
    ]
    given(creditAccount, history.slice(0, 3))
      .when({ _tag: "Refund", userId, generationId: "g1" })
      .thenEmits([history[3]!])
    expect(stateAfter(history)).toMatchObject({ balance: 10, free: 5 })
  })

  it("come back from a refunded debit only as far as the balance goes: free credits never pay what is owed", () => {
    // 5 free and 1 bought; 5 spent from the free, then 1 more; the purchase refunded leaves -1 owed.
    const history = [
      grant("2026-06-01", 5, 5),
      purchased(1, 6),
      debited(5, 1, 5),
      debited(1, 0, 0, "g2"),
      refundedInFull(1, -1),
    ]
    // The free debit fails: its 5 come back, 1 of them settles what is owed, 4 are free again.
    given(creditAccount, history)
      .when({ _tag: "Refund", userId, generationId: "g1" })
      .thenEmits([
        new CreditsRefunded({ userId, amount: 5, balanceAfter: 4, generationId: "g1", toFree: 4 }),
      ])
  })

  it("are left alone by a payment's refund or lost dispute while paid credits cover it", () => {
    const refunded = refundedInFull(50, 5)
    expect(stateAfter([purchased(50, 50), grant("2026-06-01", 5, 55), refunded])).toMatchObject({
      balance: 5,
      free: 5,
    })
  })

  it("go only when a reversal takes more than the paid credits left", () => {
    const money = { amountCents: 499, currency: "eur", kind: "pack", item: "basic" } as const
    const history = [
      purchased(50, 50),
      grant("2026-06-01", 5, 55),
      debited(48, 7, 5),
      new PaymentDisputed({
        userId,
        paymentId: "cs_1",
        disputeId: "dp_1",
        held: 50,
        heldAfter: 50,
        balanceAfter: 7,
        ...money,
      }),
      new PaymentDisputeClosed({
        userId,
        paymentId: "cs_1",
        disputeId: "dp_1",
        outcome: "lost",
        released: 50,
        amount: 50,
        heldAfter: 0,
        balanceAfter: -43,
        ...money,
      }),
    ]
    expect(stateAfter(history)).toMatchObject({ balance: -43, free: 0 })
  })

  it("shrink with a removal only when it leaves less than them", () => {
    const removed = (amount: number, balanceAfter: number, adjustmentId: string) =>
      new CreditsAdjusted({ userId, amount, balanceAfter, adjustmentId, reason: "test" })
    const history = [purchased(50, 50), grant("2026-06-01", 5, 55)]
    expect(stateAfter([...history, removed(-50, 5, "a1")])).toMatchObject({ free: 5 })
    expect(stateAfter([...history, removed(-52, 3, "a1")])).toMatchObject({ free: 3 })
  })

  it("are due at the next UTC midnight", () => {
    const late = new Date("2026-06-01T23:59:59.999Z")
    expect(utcDay(late)).toBe("2026-06-01")
    expect(nextUtcMidnight(late)).toEqual(new Date("2026-06-02T00:00:00Z"))
    expect(nextUtcMidnight(new Date("2026-12-31T00:00:00Z"))).toEqual(
      new Date("2027-01-01T00:00:00Z"),
    )
  })
})
