import { Schema } from "effect"
import { PackId, PlanId } from "#events/contracts/billing.ts"
import { LedgerEntry } from "#projections/credit-ledger/api.ts"

export * from "./api-adjustment-answers.ts"

// What billing's endpoints answer: the price list, balances, subscriptions, checkouts and the ledger.

export class SubscriptionStatus extends Schema.Class<SubscriptionStatus>("SubscriptionStatus")({
  /** Cancelled: paid until `endsAt`, not renewing. */
  status: Schema.Literal("active", "cancelled", "inactive"),
  plan: Schema.NullOr(PlanId),
  renewsAt: Schema.NullOr(Schema.Date),
  endsAt: Schema.NullOr(Schema.Date),
  /** The plan the renewal switches to (a downgrade); absent: the same plan. */
  nextPlan: Schema.optionalWith(PlanId, { exact: true }),
  /** The renewal the card did not pay; its credits come once it is paid. Absent: nothing is due. */
  paymentDue: Schema.optionalWith(
    Schema.Struct({
      amountCents: Schema.Int,
      currency: Schema.String,
      /** When the payment is tried again; null: it will not be. */
      nextAttemptAt: Schema.NullOr(Schema.Date),
    }),
    { exact: true },
  ),
}) {}

export class CheckoutRedirect extends Schema.Class<CheckoutRedirect>("CheckoutRedirect")({
  /** Where the browser goes to pay. */
  url: Schema.String,
  sessionId: Schema.String,
}) {}

export class SubscriptionVerification extends Schema.Class<SubscriptionVerification>(
  "SubscriptionVerification",
)({
  /** Refunded: another plan was active when this one was paid, so it never started. */
  status: Schema.Literal("processed", "already_processed", "pending", "refunded"),
  planId: Schema.NullOr(PlanId),
  credits: Schema.Int,
}) {}

export class OneTimeVerification extends Schema.Class<OneTimeVerification>("OneTimeVerification")({
  status: Schema.Literal("success", "pending"),
  creditAmount: Schema.Int,
}) {}

export class Offer extends Schema.Class<Offer>("Offer")({
  id: Schema.String,
  name: Schema.String,
  credits: Schema.Int,
  priceCents: Schema.Int,
}) {}

export class PriceList extends Schema.Class<PriceList>("PriceList")({
  currency: Schema.String,
  songCost: Schema.Int,
  packs: Schema.Array(Offer),
  plans: Schema.Array(Offer),
  /** Payments go to the offline test-mode checkout: no card is charged. */
  testMode: Schema.Boolean,
  /** Free credits each verified account is topped up to every day; 0 when there are none. */
  dailyFreeCredits: Schema.Int,
}) {}

/** A checkout of the offline test mode, as its page shows it. */
export class OfflineCheckout extends Schema.Class<OfflineCheckout>("OfflineCheckout")({
  sessionId: Schema.String,
  kind: Schema.Literal("pack", "subscription"),
  description: Schema.String,
  credits: Schema.Int,
  amountCents: Schema.Int,
  currency: Schema.String,
  /** Refunded: paid while another plan was active, so it never started. */
  status: Schema.Literal("open", "paid", "cancelled", "refunded"),
}) {}

export class CheckoutDone extends Schema.Class<CheckoutDone>("CheckoutDone")({
  /** Back to the Credits page, as a payment provider would send the buyer. */
  redirectUrl: Schema.String,
}) {}

/**
 * A page of a person's ledger, oldest first, with what holds for all the entries the filters let through:
 * how many (`total`), their amounts added up (`summed`) and the running balance after the last
 * (`running`). Unfiltered, both equal `balance` when the ledger is in balance.
 */
export class Ledger extends Schema.Class<Ledger>("Ledger")({
  userId: Schema.String,
  balance: Schema.Int,
  entries: Schema.Array(LedgerEntry),
  offset: Schema.Int,
  pageSize: Schema.Int,
  total: Schema.Int,
  summed: Schema.Int,
  running: Schema.Int,
}) {}

/**
 * A person's monthly statement: the balance the month opened with (after the last entry before it, 0 if
 * none), every entry of the month, the balance it closed with, and the credits that came in and went out.
 */
export class Statement extends Schema.Class<Statement>("Statement")({
  userId: Schema.String,
  /** YYYY-MM, in UTC. */
  month: Schema.String,
  openingBalance: Schema.Int,
  closingBalance: Schema.Int,
  totalIn: Schema.Int,
  /** Counted positive: what went out. */
  totalOut: Schema.Int,
  entries: Schema.Array(LedgerEntry),
}) {}

/** A payment that granted credits, as an admin refunds or disputes it in the test mode. */
export class AdminPayment extends Schema.Class<AdminPayment>("AdminPayment")({
  /** Billing's name for it: a pack's checkout session, a plan's invoice. */
  paymentId: Schema.String,
  description: Schema.String,
  kind: Schema.Literal("pack", "subscription"),
  item: Schema.Union(PackId, PlanId),
  credits: Schema.Int,
  amountCents: Schema.Int,
  currency: Schema.String,
  refundedCents: Schema.Int,
  /** Taken back by refunds and a lost dispute. */
  creditsTaken: Schema.Int,
  dispute: Schema.NullOr(
    Schema.Struct({
      id: Schema.String,
      status: Schema.Literal("open", "won", "lost"),
      held: Schema.Int,
    }),
  ),
}) {}

export class AdminPayments extends Schema.Class<AdminPayments>("AdminPayments")({
  /** Refunds and disputes are made here only in the test mode; with Stripe, in Stripe's dashboard. */
  testMode: Schema.Boolean,
  payments: Schema.Array(AdminPayment),
}) {}

/** The account after a refund or a dispute: its balance and what disputes hold. */
export class Reversed extends Schema.Class<Reversed>("Reversed")({
  balance: Schema.Int,
  held: Schema.Int,
}) {}
