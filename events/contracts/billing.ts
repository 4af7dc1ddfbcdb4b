import { Schema } from "effect"
import { CheckoutEvent } from "./checkouts.ts"
import { Money, PackId, PlanId } from "./offers.ts"
import { PaymentDisputeClosed, PaymentDisputed, PaymentRefunded } from "./payment-reversals.ts"
import { SubscriptionPaymentFailed, SubscriptionPlanChanged } from "./plan-changes.ts"
import { CreditUse } from "./song-operations.ts"

/**
 * Billing's facts. Every credit movement is an event on the user's `credit-account-<userId>` stream, with
 * the amount, the balance after it, and its cause (a checkout session, an invoice, a generation, a refund,
 * an adjustment); the actor is in the metadata. Finance can explain every credit from these events alone,
 * and every payment too: a payment the account declined, and its refund, are events there as well.
 * Checkouts have their own streams (`checkout-<sessionId>`) from start to cancellation; a paid checkout is
 * the credit event that names it.
 */

export * from "./offers.ts"

/** The tax included in a payment's amount, when Stripe Tax computed one (absent: none, or before tax). */
const Tax = { taxCents: Schema.optionalWith(Schema.Int, { exact: true }) }

export * from "./checkouts.ts"
export * from "./payment-reversals.ts"
export * from "./plan-changes.ts"

export class SignupCreditsGranted extends Schema.TaggedClass<SignupCreditsGranted>()(
  "SignupCreditsGranted",
  {
    userId: Schema.String,
    amount: Schema.Int,
    balanceAfter: Schema.Int,
  },
) {}

export class CreditsPurchased extends Schema.TaggedClass<CreditsPurchased>()("CreditsPurchased", {
  userId: Schema.String,
  pack: PackId,
  amount: Schema.Int,
  balanceAfter: Schema.Int,
  checkoutSessionId: Schema.String,
  ...Money,
  ...Tax,
}) {}

export class SubscriptionActivated extends Schema.TaggedClass<SubscriptionActivated>()(
  "SubscriptionActivated",
  {
    userId: Schema.String,
    plan: PlanId,
    subscriptionId: Schema.String,
    renewsAt: Schema.Date,
    checkoutSessionId: Schema.NullOr(Schema.String),
  },
) {}

export class SubscriptionCreditsGranted extends Schema.TaggedClass<SubscriptionCreditsGranted>()(
  "SubscriptionCreditsGranted",
  {
    userId: Schema.String,
    plan: PlanId,
    subscriptionId: Schema.String,
    invoiceId: Schema.String,
    amount: Schema.Int,
    balanceAfter: Schema.Int,
    /** The paid period ends (and the next invoice is due) then. */
    periodEnd: Schema.Date,
    /** The checkout that started the subscription, on its first invoice; null on renewals. */
    checkoutSessionId: Schema.NullOr(Schema.String),
    ...Money,
    ...Tax,
    /** On an upgrade's prorated invoice: the plan it left; its credits are a share of the difference. */
    upgradedFrom: Schema.optional(PlanId),
  },
) {}

export class SubscriptionCancelled extends Schema.TaggedClass<SubscriptionCancelled>()(
  "SubscriptionCancelled",
  {
    userId: Schema.String,
    subscriptionId: Schema.String,
    /** It stays paid until then and does not renew. */
    endsAt: Schema.Date,
  },
) {}

export class SubscriptionEnded extends Schema.TaggedClass<SubscriptionEnded>()(
  "SubscriptionEnded",
  {
    userId: Schema.String,
    subscriptionId: Schema.String,
  },
) {}

export class CreditsDebited extends Schema.TaggedClass<CreditsDebited>()("CreditsDebited", {
  userId: Schema.String,
  amount: Schema.Int,
  balanceAfter: Schema.Int,
  generationId: Schema.String,
  /** A generation, or an operation on a song (its request is on the same generation stream). */
  spentOn: Schema.optionalWith(CreditUse, { default: () => "generation" }),
  /** How much of `amount` came from the day's free credits (spent before paid ones). */
  fromFree: Schema.optionalWith(Schema.Int, { default: () => 0 }),
}) {}

export class CreditsRefunded extends Schema.TaggedClass<CreditsRefunded>()("CreditsRefunded", {
  userId: Schema.String,
  amount: Schema.Int,
  balanceAfter: Schema.Int,
  generationId: Schema.String,
  /** How much of `amount` went back to the free credits (what the debit took of them, up to a day's worth). */
  toFree: Schema.optionalWith(Schema.Int, { default: () => 0 }),
}) {}

/**
 * The day's free credits (DAILY_FREE_CREDITS): a verified account's free credits topped up to the day's
 * allowance (`perDay`), once per UTC day, on its first request that day. `day` (YYYY-MM-DD) is its cause, so
 * a day tops up once. `amount` is what it takes to reach the allowance: 0 when the free credits were full,
 * or while the balance is below zero (free credits never pay what is owed). `freeAfter` is the free credits
 * left after it, spent before paid ones.
 */
export class DailyCreditsGranted extends Schema.TaggedClass<DailyCreditsGranted>()(
  "DailyCreditsGranted",
  {
    userId: Schema.String,
    day: Schema.String,
    perDay: Schema.Int,
    amount: Schema.Int,
    balanceAfter: Schema.Int,
    freeAfter: Schema.Int,
  },
) {}

export class CreditsAdjusted extends Schema.TaggedClass<CreditsAdjusted>()("CreditsAdjusted", {
  userId: Schema.String,
  /** Positive adds credits, negative takes them away. */
  amount: Schema.Int,
  balanceAfter: Schema.Int,
  adjustmentId: Schema.String,
  reason: Schema.String,
  /** Absent on adjustments recorded before adjustments had their own stream. */
  ticket: Schema.optionalWith(Schema.NullOr(Schema.String), { exact: true }),
  requestedBy: Schema.optionalWith(Schema.String, { exact: true }),
  /** The second admin, for an adjustment above the approval threshold. */
  approvedBy: Schema.optionalWith(Schema.String, { exact: true }),
}) {}

/**
 * A subscription's first invoice was paid while another subscription was active: one person has one plan,
 * so this one never started and granted nothing. The provider ends it and its payment goes back
 * (PaymentRefunded); the balance is as it was, and the event is in the ledger for finance.
 */
export class SubscriptionDeclined extends Schema.TaggedClass<SubscriptionDeclined>()(
  "SubscriptionDeclined",
  {
    userId: Schema.String,
    plan: PlanId,
    subscriptionId: Schema.String,
    invoiceId: Schema.String,
    checkoutSessionId: Schema.NullOr(Schema.String),
    /** The subscription that stays. */
    activeSubscriptionId: Schema.String,
    activePlan: PlanId,
    balanceAfter: Schema.Int,
    ...Money,
  },
) {}

/** Everything on a `credit-account-<userId>` stream. */
export const CreditAccountEvent = Schema.Union(
  SignupCreditsGranted,
  CreditsPurchased,
  SubscriptionActivated,
  SubscriptionCreditsGranted,
  SubscriptionCancelled,
  SubscriptionEnded,
  SubscriptionDeclined,
  PaymentRefunded,
  PaymentDisputed,
  PaymentDisputeClosed,
  CreditsDebited,
  CreditsRefunded,
  CreditsAdjusted,
  DailyCreditsGranted,
  SubscriptionPaymentFailed,
  SubscriptionPlanChanged,
)
export type CreditAccountEvent = typeof CreditAccountEvent.Type

export const BillingEvent = Schema.Union(CreditAccountEvent, CheckoutEvent)
export type BillingEvent = typeof BillingEvent.Type

/** The type names, for subscriptions that read only these. */
export const creditAccountEventTypes: ReadonlyArray<string> = CreditAccountEvent.members.map(
  (m) => m._tag,
)
export const billingEventTypes: ReadonlyArray<string> = [
  ...creditAccountEventTypes,
  ...CheckoutEvent.members.map((m) => m._tag),
]

export const billingStreams = {
  creditAccount: (userId: string) => `credit-account-${userId}`,
  checkout: (checkoutSessionId: string) => `checkout-${checkoutSessionId}`,
}
