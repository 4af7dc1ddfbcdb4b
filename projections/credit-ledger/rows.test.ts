import { describe, expect, it } from "vitest"
import { Actors } from "#events/contracts/actor.ts"
import {
  type BillingEvent,
  CheckoutCancelled,
  CheckoutPaid,
  CheckoutStarted,
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  CreditsRefunded,
  PaymentRefunded,
  SignupCreditsGranted,
  SubscriptionActivated,
  SubscriptionDeclined,
} from "#events/contracts/billing.ts"
import type { DecodedEvent } from "#events/store/index.ts"
import { ledgerRows } from "./rows.ts"

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute))

/** Events as the projection receives them: decoded, in global order, one minute apart. */
const recorded = (events: ReadonlyArray<BillingEvent>, actor = Actors.system("test")) =>
  events.map(
    (event, i): DecodedEvent<BillingEvent> => ({
      event,
      metadata: { actor, correlationId: "c" },
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

const pack = { userId: "u1", kind: "pack", item: "pro", credits: 50, provider: "offline" } as const

describe("the credit ledger's rows", () => {
  it("a purchase is a ledger entry with its price and a completed transaction after its pending checkout", () => {
    const rows = ledgerRows(
      recorded([
        new CheckoutStarted({
          ...pack,
          checkoutSessionId: "cs1",
          amountCents: 999,
          currency: "usd",
        }),
        new CreditsPurchased({
          userId: "u1",
          pack: "pro",
          amount: 50,
          balanceAfter: 60,
          checkoutSessionId: "cs1",
          amountCents: 999,
          currency: "usd",
        }),
        new CheckoutPaid({ userId: "u1", checkoutSessionId: "cs1" }),
      ]),
    )
    expect(rows.ledger).toEqual([
      {
        position: 101,
        userId: "u1",
        recordedAt: at(1),
        type: "CreditsPurchased",
        amount: 50,
        balanceAfter: 60,
        cause: "checkout",
        causeId: "cs1",
        actor: "system:test",
        detail: "Pro pack: 50 credits, paid 9.99 USD",
        ticket: null,
        requestedBy: null,
        approvedBy: null,
      },
    ])
    expect(rows.transactions.map((t) => [t.id, t.status, t.description])).toEqual([
      ["cs1", "pending", "Pro pack: 50 credits"],
      ["cs1", "completed", "Pro pack: 50 credits"],
    ])
    expect(rows.balances.get("u1")).toEqual({ balance: 60, held: null, at: at(1) })
    expect(rows.usage).toEqual([])
  })

  it("a debit and its refund are usage, the refund counted negative; the last balance wins", () => {
    const rows = ledgerRows(
      recorded(
        [
          new CreditsDebited({ userId: "u2", amount: 5, balanceAfter: 5, generationId: "g1" }),
          new CreditsRefunded({ userId: "u2", amount: 5, balanceAfter: 10, generationId: "g1" }),
        ],
        Actors.user("u2"),
      ),
    )
    expect(rows.usage.map((u) => [u.id, u.type, u.creditsUsed])).toEqual([
      ["debit-g1", "song_generation", 5],
      ["refund-g1", "refund", -5],
    ])
    expect(rows.ledger.map((e) => [e.amount, e.balanceAfter, e.cause, e.actor])).toEqual([
      [-5, 5, "generation", "user:u2"],
      [5, 10, "generation", "user:u2"],
    ])
    expect(rows.balances.get("u2")?.balance).toBe(10)
  })

  it("an operation's debit is usage named after the operation, in the ledger too", () => {
    const rows = ledgerRows(
      recorded(
        [
          new CreditsDebited({
            userId: "u4",
            amount: 3,
            balanceAfter: 7,
            generationId: "g2",
            spentOn: "extend",
          }),
          new CreditsDebited({
            userId: "u4",
            amount: 5,
            balanceAfter: 2,
            generationId: "g3",
            spentOn: "restyle",
          }),
        ],
        Actors.user("u4"),
      ),
    )
    expect(rows.usage.map((u) => [u.id, u.type, u.description, u.creditsUsed])).toEqual([
      ["debit-g2", "song_extend", "Extend", 3],
      ["debit-g3", "song_restyle", "Restyle", 5],
    ])
    expect(rows.ledger.map((e) => [e.causeId, e.detail])).toEqual([
      ["g2", "Extend"],
      ["g3", "Restyle"],
    ])
  })

  it("a second plan declined and its refund are ledger entries of no credits, with their causes; its checkout is refunded", () => {
    const rows = ledgerRows([
      ...recorded([
        new CheckoutStarted({
          userId: "u4",
          kind: "subscription",
          item: "PREMIUM",
          credits: 1000,
          provider: "stripe",
          checkoutSessionId: "cs_p",
          amountCents: 3999,
          currency: "eur",
        }),
        new SubscriptionDeclined({
          userId: "u4",
          plan: "PREMIUM",
          subscriptionId: "sub_p",
          invoiceId: "in_p",
          checkoutSessionId: "cs_p",
          activeSubscriptionId: "sub_b",
          activePlan: "BASIC",
          balanceAfter: 100,
          amountCents: 3999,
          currency: "eur",
        }),
      ]),
      ...recorded(
        [
          new PaymentRefunded({
            userId: "u4",
            paymentId: "in_p",
            refundId: "re_1",
            reason: "second_subscription",
            amount: 0,
            balanceAfter: 100,
            amountCents: 3999,
            currency: "eur",
          }),
        ],
        Actors.system("subscription-refunds"),
      ),
    ])
    expect(
      rows.ledger.map((e) => [e.type, e.amount, e.balanceAfter, e.cause, e.causeId, e.actor]),
    ).toEqual([
      ["SubscriptionDeclined", 0, 100, "invoice", "in_p", "system:test"],
      ["PaymentRefunded", 0, 100, "invoice", "in_p", "system:subscription-refunds"],
    ])
    expect(rows.ledger.map((e) => e.detail)).toEqual([
      "Premium plan, subscription sub_p: paid 39.99 EUR while the Basic plan was active (subscription sub_b): declined as a second subscription, no credits, the payment to be refunded",
      "Refund re_1 of 39.99 EUR for invoice in_p: a second subscription while another was active; 0 credits taken back",
    ])
    expect(rows.transactions.map((t) => [t.id, t.status, t.amount])).toEqual([
      ["cs_p", "pending", 1000],
      ["cs_p", "refunded", 0],
    ])
    expect(rows.usage).toEqual([])
  })

  it("grants and adjustments are transactions; a cancelled checkout is listed to cancel; no-credit events write nothing", () => {
    const rows = ledgerRows(
      recorded([
        new SignupCreditsGranted({ userId: "u3", amount: 10, balanceAfter: 10 }),
        new CreditsAdjusted({
          userId: "u3",
          amount: -3,
          balanceAfter: 7,
          adjustmentId: "a1",
          reason: "Duplicate grant",
        }),
        new CheckoutCancelled({ userId: "u3", checkoutSessionId: "cs9", reason: "expired" }),
        new SubscriptionActivated({
          userId: "u3",
          plan: "PRO",
          subscriptionId: "sub1",
          renewsAt: at(30),
          checkoutSessionId: null,
        }),
      ]),
    )
    expect(rows.transactions.map((t) => [t.id, t.type, t.amount, t.description])).toEqual([
      ["signup-u3", "signup", 10, "Welcome credits"],
      ["a1", "adjustment", -3, "Credits adjusted by support: Duplicate grant"],
    ])
    expect(rows.ledger.map((e) => [e.cause, e.causeId, e.detail])).toEqual([
      ["signup", "u3", "Sign-up credits"],
      ["adjustment", "a1", "Duplicate grant"],
    ])
    expect(rows.cancelled).toEqual(["cs9"])
    expect(rows.balances.get("u3")).toEqual({ balance: 7, held: null, at: at(1) })
  })

  it("an adjustment's ledger entry names its ticket and both admins; older ones name none", () => {
    const rows = ledgerRows(
      recorded(
        [
          new CreditsAdjusted({
            userId: "u4",
            amount: 5000,
            balanceAfter: 5000,
            adjustmentId: "a2",
            reason: "Outage",
            ticket: "ZD-9",
            requestedBy: "admin-a",
            approvedBy: "admin-b",
          }),
          new CreditsAdjusted({
            userId: "u4",
            amount: -1,
            balanceAfter: 4999,
            adjustmentId: "a3",
            reason: "Old style",
          }),
        ],
        Actors.admin("admin-b"),
      ),
    )
    expect(rows.ledger.map((e) => [e.detail, e.ticket, e.requestedBy, e.approvedBy])).toEqual([
      ["Outage", "ZD-9", "admin-a", "admin-b"],
      ["Old style", null, null, null],
    ])
    expect(rows.transactions.map((t) => t.description)).toEqual([
      "Credits adjusted by support: Outage",
      "Credits adjusted by support: Old style",
    ])
  })
})
