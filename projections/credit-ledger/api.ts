import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { usageTypes } from "./api-usage-types.ts"

/** The signed-in user's credits, as the ledger knows them. */
export class CreditsView extends Schema.Class<CreditsView>("CreditsView")({
  /** May be below zero: a refund or a lost dispute took back credits that were spent. */
  credits: Schema.Int,
  /** Held by open disputes: not spendable until they close. */
  held: Schema.Int,
}) {}

/** A use of credits (a generation) or their return (a refund); refunds count negative. */
export class UsageRecord extends Schema.Class<UsageRecord>("UsageRecord")({
  id: Schema.String,
  type: Schema.Literal(...Object.values(usageTypes), "refund"),
  description: Schema.String,
  creditsUsed: Schema.Int,
  createdAt: Schema.Date,
}) {}

/** A refund is also a dispute's opening and closing: credits going back with their payment. */
export const TransactionType = Schema.Literal(
  "pack",
  "subscription",
  "signup",
  "adjustment",
  "refund",
)

/**
 * A movement of credits into the account (or an admin's correction); `amount` in credits. A refunded
 * checkout was paid for a second plan while one was active: it granted nothing and its payment went back.
 */
export class TransactionRecord extends Schema.Class<TransactionRecord>("TransactionRecord")({
  id: Schema.String,
  type: TransactionType,
  description: Schema.String,
  amount: Schema.Int,
  status: Schema.Literal("pending", "completed", "cancelled", "refunded"),
  /** What was paid, for purchases. */
  price: Schema.NullOr(Schema.Struct({ amountCents: Schema.Int, currency: Schema.String })),
  createdAt: Schema.Date,
}) {}

/**
 * One credit movement with its running balance, cause and actor: what finance audits. A struct, not a
 * class: a page of the ledger makes a hundred of them per answer.
 */
export const LedgerEntry = Schema.Struct({
  position: Schema.Int,
  recordedAt: Schema.Date,
  type: Schema.String,
  amount: Schema.Int,
  balanceAfter: Schema.Int,
  /**
   * What moved the credits (or, moving none, what was paid and given back): checkout, invoice,
   * generation, adjustment, signup or daily (free credits, by day); a refund or a dispute stands under its payment's checkout or invoice.
   */
  cause: Schema.String,
  causeId: Schema.String,
  /** The payment the entry belongs to (a checkout session or an invoice), where there is one. */
  payment: Schema.NullOr(Schema.String),
  /** Who: user, admin or system, with their id. */
  actor: Schema.String,
  detail: Schema.String,
  /** An adjustment's support ticket, when it has one. */
  ticket: Schema.NullOr(Schema.String),
  /** An adjustment's requesting admin, and the second admin who approved it above the threshold. */
  requestedBy: Schema.NullOr(Schema.String),
  approvedBy: Schema.NullOr(Schema.String),
})
export type LedgerEntry = typeof LedgerEntry.Type

/** The credit ledger's answers to a signed-in user: their balance, usage and transactions. */
export class CreditLedgerApi extends HttpApiGroup.make("creditLedger")
  .add(HttpApiEndpoint.get("credits", "/credits").addSuccess(CreditsView).middleware(Authenticated))
  .add(
    HttpApiEndpoint.get("usage", "/credits/usage")
      .addSuccess(Schema.Array(UsageRecord))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("transactions", "/credits/transactions")
      .addSuccess(Schema.Array(TransactionRecord))
      .middleware(Authenticated),
  ) {}

/** What moves credits, as the ledger names it: refunds and disputes stand under their payment's cause. */
export const ledgerCauses = [
  "signup",
  "checkout",
  "invoice",
  "generation",
  "adjustment",
  "daily",
] as const

export type LedgerCause = (typeof ledgerCauses)[number]

/** Which entries of a person's ledger to read: all when empty; `from` inclusive, `until` exclusive. */
export interface LedgerFilter {
  readonly causes?: ReadonlyArray<LedgerCause>
  readonly from?: Date
  readonly until?: Date
}

/** Which part of the filtered entries to read, oldest first: `limit` of them after the first `offset`. */
export interface LedgerPaging {
  readonly offset: number
  readonly limit: number
}

/**
 * One page of a person's filtered ledger, with what finance checks over all the filtered entries: how
 * many there are, what their amounts add up to, and the running balance after the last of them.
 */
export interface LedgerPage {
  readonly entries: ReadonlyArray<LedgerEntry>
  readonly total: number
  readonly summed: number
  readonly running: number
}

/** The causes whose id is a payment: a pack's checkout session, a plan's invoice. */
export const paymentOf = (cause: string, causeId: string): string | null =>
  cause === "checkout" || cause === "invoice" ? causeId : null

/** The money objects a payment provider keeps and the ledger records: charges, refunds, disputes. */
export const moneyObjects = ["charge", "refund", "dispute"] as const
export type MoneyObject = (typeof moneyObjects)[number]

/**
 * Money the ledger recorded, as finance reconciles it with the provider: a payment (a pack's checkout, a
 * plan's invoice, a declined second plan's), a refund or a dispute opened. `reference` is what the provider
 * knows it by: the payment's id (checkout session or invoice), the refund's id, the dispute's id.
 */
export interface LedgerMoney {
  readonly position: number
  readonly object: MoneyObject
  readonly reference: string
  readonly paymentId: string
  readonly userId: string
  readonly recordedAt: Date
  readonly amountCents: number
  readonly currency: string
  /** Credits the payment granted (0 for refunds, disputes and declined plans). */
  readonly credits: number
  /** What was bought, for payments that granted credits: a pack's or a plan's id. */
  readonly offer: string | null
}
