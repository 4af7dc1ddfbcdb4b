import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { type CreditAccountEvent, CreditsPurchased } from "#events/contracts/billing.ts"
import { creditChange } from "./api-credit-changes.ts"
import { creditAccount } from "./credit-account-decider.ts"
import type { CreditCommand } from "./credit-commands.ts"

const userId = "u1"
const paid = { amountCents: 3999, currency: "eur" }
const purchase = new CreditsPurchased({
  userId,
  pack: "premium",
  amount: 500,
  balanceAfter: 500,
  checkoutSessionId: "cs_1",
  ...paid,
})
const payment = { userId, paymentId: "cs_1", currency: "eur" }

/** Refunds that add up to at most the payment, a dispute perhaps, every report perhaps twice, in any order. */
const reports = fc
  .record({
    refunds: fc.array(fc.integer({ min: 1, max: 1500 }), { maxLength: 5 }),
    dispute: fc.constantFrom("none", "open", "won", "lost"),
    opening: fc.boolean(),
    twice: fc.array(fc.nat(), { maxLength: 4 }),
  })
  .chain(({ refunds, dispute, opening, twice }) => {
    let left = paid.amountCents
    const commands: Array<CreditCommand> = []
    refunds.forEach((cents, i) => {
      const amountCents = Math.min(cents, left)
      left -= amountCents
      if (amountCents > 0) {
        commands.push({
          _tag: "RecordPaymentRefund",
          ...payment,
          refundId: `re_${i}`,
          reason: "requested_by_customer",
          amountCents,
        })
      }
    })
    const disputed = { ...payment, disputeId: "dp_1", amountCents: paid.amountCents }
    if (dispute !== "none" && (opening || dispute === "open"))
      commands.push({ _tag: "RecordDispute", ...disputed })
    if (dispute === "won" || dispute === "lost")
      commands.push({ _tag: "CloseDispute", ...disputed, outcome: dispute })
    const repeated = [...commands, ...twice.flatMap((i) => commands[i % commands.length] ?? [])]
    return fc
      .shuffledSubarray(repeated, { minLength: repeated.length, maxLength: repeated.length })
      .map((order) => ({ order, dispute, refunded: paid.amountCents - left }))
  })

describe("refunds and disputes, reported in any order", () => {
  it("take back each payment's credits once: pro rata on what was refunded, all of them when a dispute is lost", () => {
    fc.assert(
      fc.property(reports, ({ order, dispute, refunded }) => {
        const history: Array<CreditAccountEvent> = [purchase]
        for (const command of order) {
          const state = history.reduce(creditAccount.evolve, creditAccount.initialState)
          const decided = creditAccount.decide(command, state)
          if (Either.isRight(decided)) history.push(...decided.right)
        }
        const state = history.reduce(creditAccount.evolve, creditAccount.initialState)
        const taken = 500 - state.balance
        expect(taken).toBe(dispute === "lost" ? 500 : Math.floor((500 * refunded) / 3999))
        expect(state.held).toBe(dispute === "open" ? 500 - taken : 0)
        // Every event's balance is the sum of the amounts before it: the audit's view.
        let sum = 0
        for (const event of history) {
          sum += creditChange(event) ?? 0
          if ("balanceAfter" in event) expect(event.balanceAfter).toBe(sum)
        }
      }),
      { numRuns: 300 },
    )
  })
})
