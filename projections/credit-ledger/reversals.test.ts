import { describe, expect, it } from "vitest"
import { Actors } from "#events/contracts/actor.ts"
import {
  type BillingEvent,
  CreditsPurchased,
  PaymentDisputeClosed,
  PaymentDisputed,
  PaymentRefunded,
} from "#events/contracts/billing.ts"
import type { DecodedEvent } from "#events/store/index.ts"
import { ledgerRows } from "./rows.ts"

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute))
const pack = { kind: "pack", item: "pro" } as const
const money = { amountCents: 1329, currency: "eur" }

const recorded = (events: ReadonlyArray<BillingEvent>) =>
  events.map(
    (event, i): DecodedEvent<BillingEvent> => ({
      event,
      metadata: { actor: Actors.admin("a1"), correlationId: "c" },
      globalPosition: 100 + i,
      transactionId: "1",
      streamId: `credit-account-${event.userId}`,
      streamVersion: i + 1,
      eventId: `e${i}`,
      type: event._tag,
      schemaVersion: 1,
      recordedAt: at(i),
    }),
  )

describe("refunds and disputes in the credit ledger", () => {
  it("are entries under the payment they belong to, with their actor, and lines of the person's history", () => {
    const rows = ledgerRows(
      recorded([
        new CreditsPurchased({
          userId: "u1",
          pack: "pro",
          amount: 150,
          balanceAfter: 150,
          checkoutSessionId: "cs_1",
          ...money,
        }),
        new PaymentRefunded({
          userId: "u1",
          paymentId: "cs_1",
          refundId: "re_1",
          reason: "support",
          amount: 75,
          balanceAfter: 75,
          amountCents: 665,
          currency: "eur",
          refundedCents: 665,
          ...pack,
        }),
        new PaymentDisputed({
          userId: "u1",
          paymentId: "cs_1",
          disputeId: "dp_1",
          held: 75,
          heldAfter: 75,
          balanceAfter: 75,
          ...money,
          ...pack,
        }),
        new PaymentDisputeClosed({
          userId: "u1",
          paymentId: "cs_1",
          disputeId: "dp_1",
          outcome: "lost",
          released: 75,
          amount: 75,
          heldAfter: 0,
          balanceAfter: 0,
          ...money,
          ...pack,
        }),
      ]),
    )
    expect(rows.ledger.map((e) => [e.type, e.amount, e.balanceAfter, e.cause, e.causeId])).toEqual([
      ["CreditsPurchased", 150, 150, "checkout", "cs_1"],
      ["PaymentRefunded", -75, 75, "checkout", "cs_1"],
      ["PaymentDisputed", 0, 75, "checkout", "cs_1"],
      ["PaymentDisputeClosed", -75, 0, "checkout", "cs_1"],
    ])
    expect(rows.ledger.slice(1).map((e) => [e.actor, e.detail])).toEqual([
      [
        "admin:a1",
        "Refund re_1 of 6.65 EUR for checkout cs_1: made by support; 75 credits taken back",
      ],
      ["admin:a1", "Dispute dp_1 of 13.29 EUR opened: 75 credits held"],
      ["admin:a1", "Dispute dp_1 of 13.29 EUR lost: 75 credits removed"],
    ])
    expect(rows.transactions.slice(1).map((t) => [t.id, t.type, t.description, t.amount])).toEqual([
      ["re_1", "refund", "Refund of your purchase of the Pro pack: 6.65 EUR, -75 credits", -75],
      [
        "dp_1",
        "refund",
        "Dispute of your purchase of the Pro pack: 75 credits held until it closes",
        0,
      ],
      [
        "dp_1-closed",
        "refund",
        "Dispute of your purchase of the Pro pack closed, the payment went back to you: -75 credits",
        -75,
      ],
    ])
    expect(rows.balances.get("u1")).toEqual({ balance: 0, held: 0, at: at(3) })
  })
})
