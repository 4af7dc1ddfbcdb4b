import { describe, expect, it } from "vitest"
import { Actors } from "#events/contracts/actor.ts"
import {
  CreditsPurchased,
  PaymentDisputed,
  PaymentRefunded,
  SubscriptionDeclined,
} from "#events/contracts/billing.ts"
import { moneyRow } from "./money.ts"

const at = new Date("2026-03-01T10:00:00Z")
const recorded = <E>(event: E, globalPosition: number) =>
  ({
    event,
    globalPosition,
    recordedAt: at,
    eventId: `e${globalPosition}`,
    streamId: "credit-account-u",
    streamVersion: globalPosition,
    transactionId: "1",
    metadata: { actor: Actors.system("test"), correlationId: "c" },
  }) as never

describe("the ledger's money", () => {
  it("names a payment by its checkout or invoice, a refund and a dispute by the provider's own ids", () => {
    const purchase = new CreditsPurchased({
      userId: "u",
      pack: "pro",
      amount: 150,
      balanceAfter: 150,
      checkoutSessionId: "cs_1",
      amountCents: 1329,
      currency: "EUR",
    })
    expect(moneyRow(recorded(purchase, 1))).toEqual({
      position: 1,
      object: "charge",
      reference: "cs_1",
      paymentId: "cs_1",
      userId: "u",
      recordedAt: at,
      amountCents: 1329,
      currency: "eur",
      credits: 150,
      offer: "pro",
    })
    const refund = new PaymentRefunded({
      userId: "u",
      paymentId: "cs_1",
      refundId: "re_1",
      reason: "support",
      amount: -75,
      balanceAfter: 75,
      amountCents: 665,
      currency: "EUR",
      heldAfter: 0,
    })
    expect(moneyRow(recorded(refund, 2))).toMatchObject({
      object: "refund",
      reference: "re_1",
      paymentId: "cs_1",
      amountCents: 665,
      offer: null,
    })
    const dispute = new PaymentDisputed({
      userId: "u",
      paymentId: "cs_1",
      disputeId: "dp_1",
      held: 75,
      heldAfter: 75,
      balanceAfter: 75,
      amountCents: 664,
      currency: "EUR",
      kind: "pack",
      item: "pro",
    })
    expect(moneyRow(recorded(dispute, 3))).toMatchObject({ object: "dispute", reference: "dp_1" })
  })

  it("a declined second plan was paid: a charge, granting no credits and checked against no offer", () => {
    const declined = new SubscriptionDeclined({
      userId: "u",
      plan: "PRO",
      subscriptionId: "sub_2",
      invoiceId: "in_2",
      checkoutSessionId: null,
      activePlan: "BASIC",
      activeSubscriptionId: "sub_1",
      balanceAfter: 100,
      amountCents: 1329,
      currency: "EUR",
    })
    expect(moneyRow(recorded(declined, 4))).toMatchObject({
      object: "charge",
      reference: "in_2",
      credits: 0,
      offer: null,
    })
  })
})
