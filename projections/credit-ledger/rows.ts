import type { Actor } from "#events/contracts/actor.ts"
import {
  type BillingEvent,
  type CheckoutStarted,
  creditChange,
  describeOffer,
  offerNames,
} from "#events/contracts/billing.ts"
import { type CreditUse, creditUseNames, usageTypes } from "#events/contracts/song-operations.ts"
import type { DecodedEvent } from "#events/store/index.ts"

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

/** Credits coming in: purchases, plan invoices, grants, adjustments; checkouts while pending. */
export interface TransactionRow {
  readonly id: string
  readonly userId: string
  readonly type: "pack" | "subscription" | "signup" | "adjustment"
  readonly description: string
  readonly amount: number
  readonly status: "pending" | "completed" | "cancelled"
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
  /** Each user's balance after the batch, and when it was reached. */
  readonly balances: ReadonlyMap<string, { readonly balance: number; readonly at: Date }>
}

const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`

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

type Movement = Extract<BillingEvent, { readonly balanceAfter: number }>

/** A movement's cause and detail in the ledger, and what it adds to usage or transactions. */
const rowsOfMovement = (
  event: Movement,
): {
  readonly cause: string
  readonly causeId: string
  readonly detail: string
  readonly usage?: Omit<UsageRow, "userId" | "createdAt">
  readonly transaction?: Omit<TransactionRow, "userId" | "createdAt">
} => {
  const completed = { status: "completed" as const, amountCents: null, currency: null }
  switch (event._tag) {
    case "SignupCreditsGranted":
      return {
        cause: "signup",
        causeId: event.userId,
        detail: "Sign-up credits",
        transaction: {
          ...completed,
          id: `signup-${event.userId}`,
          type: "signup",
          description: "Welcome credits",
          amount: event.amount,
        },
      }
    case "CreditsPurchased": {
      const description = describeOffer("pack", event.pack, event.amount)
      return {
        cause: "checkout",
        causeId: event.checkoutSessionId,
        detail: `${description}, paid ${money(event.amountCents, event.currency)}`,
        transaction: {
          ...completed,
          id: event.checkoutSessionId,
          type: "pack",
          description,
          amount: event.amount,
          amountCents: event.amountCents,
          currency: event.currency,
        },
      }
    }
    case "SubscriptionCreditsGranted": {
      const first = event.checkoutSessionId !== null
      const description = `${offerNames[event.plan]} plan${first ? "" : " renewal"}: ${event.amount} credits`
      const until = event.periodEnd.toISOString().slice(0, 10)
      return {
        cause: "invoice",
        causeId: event.invoiceId,
        detail: `${description}, paid ${money(event.amountCents, event.currency)}, subscription ${event.subscriptionId} until ${until}`,
        transaction: {
          ...completed,
          id: event.checkoutSessionId ?? event.invoiceId,
          type: "subscription",
          description,
          amount: event.amount,
          amountCents: event.amountCents,
          currency: event.currency,
        },
      }
    }
    case "CreditsDebited":
      return {
        cause: "generation",
        causeId: event.generationId,
        detail: creditUseNames[event.spentOn],
        usage: {
          id: `debit-${event.generationId}`,
          type: usageTypes[event.spentOn],
          description: creditUseNames[event.spentOn],
          creditsUsed: event.amount,
        },
      }
    case "CreditsRefunded":
      return {
        cause: "generation",
        causeId: event.generationId,
        detail: "Refund for a failed generation",
        usage: {
          id: `refund-${event.generationId}`,
          type: "refund",
          description: "Refund for a failed generation",
          creditsUsed: -event.amount,
        },
      }
    case "CreditsAdjusted":
      return {
        cause: "adjustment",
        causeId: event.adjustmentId,
        detail: event.reason,
        transaction: {
          ...completed,
          id: event.adjustmentId,
          type: "adjustment",
          description: event.reason,
          amount: event.amount,
        },
      }
  }
}

/** The rows a batch of billing events writes: pure, so it is tested apart from the SQL. */
export const ledgerRows = (events: ReadonlyArray<DecodedEvent<BillingEvent>>): LedgerRows => {
  const ledger: Array<LedgerRow> = []
  const usage: Array<UsageRow> = []
  const transactions: Array<TransactionRow> = []
  const cancelled: Array<string> = []
  const balances = new Map<string, { balance: number; at: Date }>()

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
    const change = creditChange(event)
    if (change === undefined || !("balanceAfter" in event)) continue
    balances.set(event.userId, { balance: event.balanceAfter, at: recordedAt })
    const rows = rowsOfMovement(event)
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
    })
    if (rows.usage) usage.push({ ...base, ...rows.usage })
    if (rows.transaction) transactions.push({ ...base, ...rows.transaction })
  }
  return { ledger, usage, transactions, cancelled, balances }
}
