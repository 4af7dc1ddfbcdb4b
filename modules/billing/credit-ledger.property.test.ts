import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc, Schema } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import {
  type BillingEvent,
  CreditAccountEvent,
  type PaymentRefunded,
} from "#events/contracts/billing.ts"
import type { DecodedEvent } from "#events/store/index.ts"
import { ledgerRows } from "#projections/credit-ledger/rows.ts"
import { creditChange } from "./api-credit-changes.ts"
import { creditAccount } from "./credit-account-decider.ts"
import type { CreditCommand } from "./credit-commands.ts"

const userId = "u1"
const currency = "eur"

/** One thing that happens to an account, weighted to meet often; `pick` chooses among what came before. */
const step = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("buy" as const),
      credits: fc.integer({ min: 1, max: 500 }),
      cents: fc.integer({ min: 100, max: 5000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("generate" as const),
      cost: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("fail" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("refund" as const),
      pick: fc.nat(),
      cents: fc.integer({ min: -10, max: 6000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("dispute" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("close" as const),
      pick: fc.nat(),
      outcome: fc.constantFrom("won" as const, "lost" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("adjust" as const),
      amount: fc.integer({ min: -100, max: 100 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ k: fc.constant("day" as const), days: fc.integer({ min: 0, max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("again" as const), pick: fc.nat() }) },
)
type Step = typeof step extends fc.Arbitrary<infer A> ? A : never

const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)

/** Turns the steps into commands as billing would send them: webhooks and retries included. */
const commandsOf = (steps: ReadonlyArray<Step>, perDay: number) => {
  const commands: Array<CreditCommand> = []
  const payments: Array<{ id: string; cents: number }> = []
  const debits: Array<string> = []
  let day = 0
  const payment = (pick: number) => payments[pick % payments.length]
  steps.forEach((s, n) => {
    switch (s.k) {
      case "buy":
        payments.push({ id: `cs_${n}`, cents: s.cents })
        commands.push({
          _tag: "RecordPurchase",
          userId,
          checkoutSessionId: `cs_${n}`,
          pack: "basic",
          amount: s.credits,
          amountCents: s.cents,
          currency,
        })
        return
      case "generate":
        debits.push(`g${n}`)
        commands.push({ _tag: "Debit", userId, generationId: `g${n}`, amount: s.cost })
        return
      case "fail": {
        // Mostly one of the last few: failures come soon after their generation.
        const generationId = debits[debits.length - 1 - (s.pick % Math.min(3, debits.length || 1))]
        if (generationId) commands.push({ _tag: "Refund", userId, generationId })
        return
      }
      case "refund": {
        const paid = payment(s.pick)
        if (paid === undefined) return
        commands.push({
          _tag: "RecordPaymentRefund",
          userId,
          paymentId: paid.id,
          refundId: `re_${n}`,
          reason: "requested_by_customer",
          amountCents: s.cents,
          currency,
        })
        return
      }
      case "dispute":
      case "close": {
        const paid = payment(s.pick)
        if (paid === undefined) return
        const dispute = { userId, paymentId: paid.id, disputeId: `dp_${paid.id}` }
        commands.push(
          s.k === "dispute"
            ? { _tag: "RecordDispute", ...dispute, amountCents: paid.cents, currency }
            : {
                _tag: "CloseDispute",
                ...dispute,
                outcome: s.outcome,
                amountCents: paid.cents,
                currency,
              },
        )
        return
      }
      case "adjust":
        commands.push({
          _tag: "Adjust",
          userId,
          adjustmentId: `a${n}`,
          amount: s.amount,
          reason: "r",
        })
        return
      case "day":
        day += s.days
        commands.push({ _tag: "GrantDailyCredits", userId, day: dayOf(day), perDay })
        return
      case "again": {
        const earlier = commands[s.pick % Math.max(1, commands.length)]
        if (earlier) commands.push(earlier)
        return
      }
    }
  })
  return commands
}

const recorded = (history: ReadonlyArray<BillingEvent>) =>
  history.map(
    (event, i): DecodedEvent<BillingEvent> => ({
      event,
      metadata: { actor: Actors.system("test"), correlationId: "c" },
      globalPosition: i + 1,
      transactionId: "1",
      streamId: `credit-account-${userId}`,
      streamVersion: i + 1,
      eventId: `e${i}`,
      type: event._tag,
      schemaVersion: 1,
      recordedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }),
  )

const Events = Schema.Array(CreditAccountEvent)
const fold = (events: ReadonlyArray<CreditAccountEvent>) =>
  events.reduce(creditAccount.evolve, creditAccount.initialState)

describe("the credit ledger, for any history of an account", () => {
  it("agrees with its events: balance, read models, free credits, and every payment counted once", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: 0, max: 10 }),
        (steps, perDay) => {
          const history: Array<CreditAccountEvent> = []
          for (const command of commandsOf(steps, perDay)) {
            const decided = creditAccount.decide(command, fold(history))
            if (Either.isLeft(decided)) continue
            history.push(...decided.right)
            // Delivered again at once (a webhook twice, a retried request): refused, or nothing.
            const again = creditAccount.decide(command, fold(history))
            expect(Either.isLeft(again) || again.right.length === 0, command._tag).toBe(true)
          }
          const state = fold(history)

          // The balance from the amounts alone, as the audit recomputes it, against every recorded balance.
          let sum = 0
          for (const event of history) {
            sum += creditChange(event) ?? 0
            if ("balanceAfter" in event) expect(event.balanceAfter).toBe(sum)
          }
          expect(state.balance).toBe(sum)

          // The stored shape reads back to the same account (old fields default, new ones survive).
          const stored = Schema.decodeUnknownSync(Events)(Schema.encodeSync(Events)(history))
          expect(fold(stored)).toEqual(state)

          // The ledger projection's rows: the same balance, each entry one movement.
          const rows = ledgerRows(recorded(history))
          expect(rows.balances.get(userId)?.balance ?? 0).toBe(state.balance)
          expect(rows.ledger.reduce((total, row) => total + row.amount, 0)).toBe(state.balance)

          // No payment counted twice: refunds and disputes never take more than it paid or granted.
          for (const payment of state.payments) {
            const refunds = history.filter(
              (e): e is PaymentRefunded =>
                e._tag === "PaymentRefunded" && e.paymentId === payment.id,
            )
            const refundIds = refunds.map((e) => e.refundId)
            expect(new Set(refundIds).size).toBe(refundIds.length)
            const refunded = refunds.reduce((total, e) => total + e.amountCents, 0)
            expect(refunded).toBe(payment.refundedCents)
            expect(refunded).toBeLessThanOrEqual(payment.amountCents)
            expect(payment.taken).toBeLessThanOrEqual(payment.credits)
            const closed = history.filter(
              (e) => e._tag === "PaymentDisputeClosed" && e.paymentId === payment.id,
            )
            expect(closed.length).toBeLessThanOrEqual(1)
          }
          expect(state.held).toBeGreaterThanOrEqual(0)

          // Free credits: part of the balance, never past a day's worth, one top-up a day.
          expect(state.free).toBeGreaterThanOrEqual(0)
          expect(state.free).toBeLessThanOrEqual(Math.max(0, state.balance))
          expect(state.free).toBeLessThanOrEqual(perDay)
          const grants = history.filter((e) => e._tag === "DailyCreditsGranted")
          expect(new Set(grants.map((e) => e.day)).size).toBe(grants.length)
          for (const grant of grants) expect(grant.amount).toBeLessThanOrEqual(perDay)
        },
      ),
      { numRuns: 400 },
    )
  })
})
