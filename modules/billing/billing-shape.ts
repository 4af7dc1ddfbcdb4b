import type { Effect, Option } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { NotFound } from "#api/refusals.ts"
import type { PlanId } from "#events/contracts/billing.ts"
import type { Writes } from "#events/handle-command.ts"
import type { AdjustmentAsked } from "./adjustments.ts"
import type {
  Adjusted,
  AdminPayments,
  DisputeRefused,
  InvalidAdjustment,
  InvalidRefund,
  InvalidWebhook,
  Ledger,
  NotASubscription,
  PaymentNotRecorded,
  PaymentProviderFailed,
  PendingAdjustments,
  PriceList,
  Reversed,
  Statement,
  SubscriptionStatus,
} from "./api.ts"
import type { AdjustmentSettled, OwnAdjustment } from "./api-adjustment-refusals.ts"
import type { InvalidLedgerQuery } from "./api-refusals.ts"
import type { Recomputed } from "./balance-audit.ts"
import type { LedgerQuery } from "./ledger-query.ts"
import type { OfflineCheckoutShape } from "./offline-checkout-shape.ts"
import type { PaymentsShape } from "./payments-shape.ts"

/** Where the buyer goes to pay, and the checkout that waits for them. */
export interface OpenedCheckout {
  readonly sessionId: string
  readonly url: string
}

/** Back to the Credits page, as a payment provider would send the buyer. */
export interface Redirect {
  readonly redirectUrl: string
}

/** What an audit found: accounts whose projected balance disagrees with their events, and broken events. */
export interface Audit {
  readonly accounts: number
  readonly differences: ReadonlyArray<{
    readonly userId: string
    readonly events: number
    readonly projection: number
  }>
  readonly breaks: Recomputed["breaks"]
}

/** Everything billing does, one function per thing a person, an admin or a provider asks of it. */
export interface BillingShape {
  readonly priceList: PriceList
  readonly subscriptionStatus: (user: SignedInUser) => Effect.Effect<SubscriptionStatus>
  readonly buyPack: PaymentsShape["buyPack"]
  readonly subscribe: PaymentsShape["subscribe"]
  readonly cancelSubscription: (
    user: SignedInUser,
  ) => Effect.Effect<SubscriptionStatus, NotFound | PaymentProviderFailed>
  readonly changePlan: PaymentsShape["changePlan"]
  /**
   * Where a return from a subscription checkout stands; its credits come once, however it is asked. A
   * second subscription while one is active is refunded instead.
   */
  readonly verifySubscription: (
    user: SignedInUser,
    sessionId: string,
  ) => Effect.Effect<
    {
      readonly status: "pending" | "processed" | "already_processed" | "refunded"
      readonly planId: PlanId
      readonly credits: number
    },
    NotFound | NotASubscription | PaymentProviderFailed
  >
  readonly verifyOneTime: (
    user: SignedInUser,
    sessionId: string,
  ) => Effect.Effect<
    { readonly status: "pending" | "success"; readonly creditAmount: number },
    NotFound | PaymentProviderFailed
  >
  readonly offlineCheckout: OfflineCheckoutShape["view"]
  readonly payOfflineCheckout: OfflineCheckoutShape["pay"]
  readonly cancelOfflineCheckout: OfflineCheckoutShape["cancel"]
  /** The test mode's monthly invoices: each active offline subscription whose period is over (or all). */
  readonly renewOfflineSubscriptions: OfflineCheckoutShape["renewSubscriptions"]
  /** Present when Stripe is configured. */
  readonly receiveStripeWebhook: Option.Option<
    (
      body: Uint8Array,
      signature: string | undefined,
    ) => Writes<void, InvalidWebhook | PaymentNotRecorded>
  >
  /** The person's ledger the query's filters let through; a filter it cannot read is refused, naming it. */
  readonly adminLedger: (
    userId: string,
    query: LedgerQuery,
  ) => Effect.Effect<Ledger, NotFound | InvalidLedgerQuery>
  readonly adminLedgerCsv: (
    userId: string,
    query: LedgerQuery,
  ) => Effect.Effect<string, NotFound | InvalidLedgerQuery>
  /** The person's statement for a month given as YYYY-MM (UTC). */
  readonly adminStatement: (
    userId: string,
    month: string,
  ) => Effect.Effect<Statement, NotFound | InvalidLedgerQuery>
  /** Applied at once up to the approval threshold, pending above it; answered once the ledger shows it. */
  readonly requestAdjustment: (
    admin: SignedInUser,
    userId: string,
    asked: AdjustmentAsked,
  ) => Effect.Effect<Adjusted, NotFound | InvalidAdjustment>
  /** By a second admin: the credits move in the same transaction. */
  readonly approveAdjustment: (
    admin: SignedInUser,
    adjustmentId: string,
  ) => Effect.Effect<Adjusted, NotFound | OwnAdjustment | AdjustmentSettled | InvalidAdjustment>
  readonly rejectAdjustment: (
    admin: SignedInUser,
    adjustmentId: string,
    reason: string,
  ) => Effect.Effect<Adjusted, NotFound | AdjustmentSettled>
  readonly pendingAdjustments: Effect.Effect<PendingAdjustments>
  readonly audit: Effect.Effect<Audit>
  /** A person's payments that granted credits, with what refunds and disputes took of them. */
  readonly adminPayments: (userId: string) => Effect.Effect<AdminPayments, NotFound>
  /** Test mode only (see test-mode-reversals.ts): answered once the ledger shows it. */
  readonly refundPayment: (
    admin: SignedInUser,
    userId: string,
    paymentId: string,
    amountCents: number | undefined,
  ) => Effect.Effect<Reversed, NotFound | InvalidRefund>
  readonly openDispute: (
    admin: SignedInUser,
    userId: string,
    paymentId: string,
  ) => Effect.Effect<Reversed, NotFound | DisputeRefused>
  readonly closeDispute: (
    admin: SignedInUser,
    userId: string,
    paymentId: string,
    outcome: "won" | "lost",
  ) => Effect.Effect<Reversed, NotFound | DisputeRefused>
}
