import type { Actor } from "#events/contracts/actor.ts"
import type { BillingEvent, CheckoutStarted } from "#events/contracts/billing.ts"
import type { CreditUse } from "#events/contracts/song-operations.ts"
import type { DecodedEvent } from "#events/store/index.ts"
import { creditChange } from "#modules/billing/api-credit-changes.ts"
import { describeOffer } from "#modules/billing/api-offers.ts"
import type { usageTypes } from "./api-usage-types.ts"
import { type LedgerParties, movementRows } from "./movements.ts"

const noParties: LedgerParties = { ticket: null, requestedBy: null, approvedBy: null }

/** Every credit movement with its running balance, cause and actor: what finance audits. */
export interface LedgerRow {
  readonly position: number
  readonly userId: string
  readonly recordedAt: Date
  readonly type: string
  readonly amount: number
  readonly balanceAfter: number
  readonly cause: string
  readonly causeId: string
  readonly actor: string
  readonly detail: string
  readonly ticket: string | null
  readonly requestedBy: string | null
  readonly approvedBy: string | null
}

/** A use of credits (a generation) or their return (a refund, counted negative). */
export interface UsageRow {
  readonly id: string
  readonly userId: string
  readonly type: (typeof usageTypes)[CreditUse] | "refund"
  readonly description: string
  readonly creditsUsed: number
  readonly createdAt: Date
}

/**
 * Credits coming in: purchases, plan invoices, grants, adjustments; checkouts while pending; a second
 * plan's checkout, refunded.
 */
export interface TransactionRow {
  readonly id: string
  readonly userId: string
  readonly type: "pack" | "subscription" | "signup" | "adjustment" | "refund"
  readonly description: string
  readonly amount: number
  readonly status: "pending" | "completed" | "cancelled" | "refunded"
  readonly amountCents: number | null
  readonly currency: string | null
  readonly createdAt: Date
}

/** What one batch of billing events writes. */
export interface LedgerRows {
  readonly ledger: ReadonlyArray<LedgerRow>
  readonly usage: ReadonlyArray<UsageRow>
  /** In event order: a checkout opened and paid in one batch must end completed. */
  readonly transactions: ReadonlyArray<TransactionRow>
  /** Checkout sessions cancelled while pending. */
  readonly cancelled: ReadonlyArray<string>
  /** Payments refunded, with everything refunded of each so far: one refunded in full is marked so. */
  readonly refunds: ReadonlyArray<{ readonly paymentId: string; readonly refundedCents: number }>
  /**
   * Each user's balance after the batch, and when it was reached; what disputes hold, when an event of the
   * batch says (null: as it was).
   */
  readonly balances: ReadonlyMap<
    string,
    { readonly balance: number; readonly held: number | null; readonly at: Date }
  >
}

const actorText = (actor: Actor) => {
  switch (actor._tag) {
    case "User":
      return `user:${actor.userId}`
    case "Admin":
      return `admin:${actor.userId}`
    case "System":
      return `system:${actor.process}`
    case "Anonymous":
      return "anonymous"
  }
}

const describeCheckout = (started: CheckoutStarted) =>
  describeOffer(started.kind, started.item, started.credits)

/** The rows a batch of billing events writes: pure, so it is tested apart from the SQL. */
export const ledgerRows = (events: ReadonlyArray<DecodedEvent<BillingEvent>>): LedgerRows => {
  const ledger: Array<LedgerRow> = []
  const usage: Array<UsageRow> = []
  const transactions: Array<TransactionRow> = []
  const cancelled: Array<string> = []
  const refunds: Array<{ paymentId: string; refundedCents: number }> = []
  const balances = new Map<string, { balance: number; held: number | null; at: Date }>()

  for (const { event, metadata, globalPosition, recordedAt } of events) {
    const base = { userId: event.userId, createdAt: recordedAt }
    if (event._tag === "CheckoutStarted") {
      transactions.push({
        ...base,
        id: event.checkoutSessionId,
        type: event.kind,
        description: describeCheckout(event),
        amount: event.credits,
        status: "pending",
        amountCents: event.amountCents,
        currency: event.currency,
      })
      continue
    }
    if (event._tag === "CheckoutCancelled") {
      cancelled.push(event.checkoutSessionId)
      continue
    }
    // The credits of a paid checkout come with the account's own event.
    if (event._tag === "CheckoutPaid") continue
    if (event._tag === "PaymentRefunded" && event.refundedCents !== undefined)
      refunds.push({ paymentId: event.paymentId, refundedCents: event.refundedCents })
    const change = creditChange(event)
    if (change === undefined || !("balanceAfter" in event)) continue
    const held = "heldAfter" in event ? event.heldAfter : balances.get(event.userId)?.held
    balances.set(event.userId, { balance: event.balanceAfter, held: held ?? null, at: recordedAt })
    const rows = movementRows(event)
    ledger.push({
      position: globalPosition,
      userId: event.userId,
      recordedAt,
      type: event._tag,
      amount: change,
      balanceAfter: event.balanceAfter,
      actor: actorText(metadata.actor),
      cause: rows.cause,
      causeId: rows.causeId,
      detail: rows.detail,
      ...(rows.parties ?? noParties),
    })
    if (rows.usage) usage.push({ ...base, ...rows.usage })
    if (rows.transaction) transactions.push({ ...base, ...rows.transaction })
  }
  return { ledger, usage, transactions, cancelled, refunds, balances }
}
