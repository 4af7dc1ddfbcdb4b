import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { NotFound } from "#api/refusals.ts"
import type { Actor } from "#events/contracts/actor.ts"
import type { CheckoutEvent, CheckoutStarted, PlanId } from "#events/contracts/billing.ts"
import type { CommandResult, Writes } from "#events/handle-command.ts"
import type {
  ActiveSubscriptionExists,
  PaymentIntentPayload,
  PaymentProviderFailed,
  PlanChangeNotAllowed,
  SubscriptionStatus,
  UnknownOffer,
} from "./api.ts"
import type { OpenedCheckout } from "./billing-shape.ts"
import type { Checkout, CheckoutCommand, CheckoutRefusal } from "./checkout-decider.ts"
import type { Money, Recorded } from "./payment-facts.ts"
import type { PaidInvoice } from "./payment-provider.ts"

/** A checkout somebody opened, in whatever state it is now. */
export type StartedCheckout = Extract<Checkout, { status: "open" | "cancelled" | "paid" }>

/**
 * Checkouts, subscriptions and the payment facts every provider reports (Stripe's webhooks, the test
 * mode's page and renewals). A fact reported twice is recorded once; a payment that does not match its
 * checkout is recorded as a mismatch and credits nothing.
 */
export interface PaymentsShape {
  readonly loadCheckout: (sessionId: string) => Effect.Effect<Checkout>
  /** The caller's own checkout, or not found: nobody learns of other people's payments. */
  readonly ownCheckout: (
    user: SignedInUser,
    sessionId: string,
  ) => Effect.Effect<StartedCheckout, NotFound>
  readonly runCheckout: (
    sessionId: string,
    command: CheckoutCommand,
    actor: Actor,
  ) => Writes<CommandResult<CheckoutEvent, Checkout>, CheckoutRefusal>
  /**
   * A provider's report that a checkout ended unpaid. One nobody opened changes nothing, nor does one
   * cancelled already, nor one paid in the test mode (the payment was the checkout's decision).
   */
  readonly cancelCheckout: (
    sessionId: string,
    reason: "cancelled" | "expired",
    actor: Actor,
  ) => Writes<void>
  readonly checkoutExpired: (sessionId: string, actor: Actor) => Writes<void>
  readonly packPaid: (
    started: CheckoutStarted,
    paid: Money,
    actor: Actor,
  ) => Effect.Effect<Recorded>
  /** A subscription's invoice, paid: the first one from its checkout, later ones as renewals. */
  readonly invoicePaid: (
    userId: string,
    plan: PlanId,
    invoice: PaidInvoice,
    checkoutSessionId: string | null,
    actor: Actor,
  ) => Effect.Effect<Recorded>
  /** Renewals stop; the plan stays paid until `endsAt`. Repeated or stale reports change nothing. */
  readonly subscriptionCancelled: (
    userId: string,
    subscriptionId: string,
    endsAt: Date,
    actor: Actor,
  ) => Effect.Effect<void>
  readonly subscriptionEnded: (
    userId: string,
    subscriptionId: string,
    actor: Actor,
  ) => Effect.Effect<void>
  readonly buyPack: (
    user: SignedInUser,
    payload: PaymentIntentPayload,
  ) => Writes<OpenedCheckout, UnknownOffer | PaymentProviderFailed>
  readonly subscribe: (
    user: SignedInUser,
    plan: PlanId,
  ) => Writes<OpenedCheckout, ActiveSubscriptionExists | PaymentProviderFailed>
  readonly status: (userId: string) => Effect.Effect<SubscriptionStatus>
  readonly cancelSubscription: (
    user: SignedInUser,
  ) => Effect.Effect<SubscriptionStatus, NotFound | PaymentProviderFailed>
  /**
   * A subscriber's change of plan: a dearer plan now, its prorated difference invoiced at once (credits
   * for the part paid), a cheaper one at the renewal. Refused, it changes nothing at the provider either.
   */
  readonly changePlan: (
    user: SignedInUser,
    plan: PlanId,
  ) => Effect.Effect<SubscriptionStatus, NotFound | PlanChangeNotAllowed | PaymentProviderFailed>
  /** An upgrade's prorated invoice, paid: the plans' difference in credits, pro rata, once. */
  readonly upgradePaid: (
    userId: string,
    change: { readonly fromPlan: PlanId; readonly toPlan: PlanId },
    invoice: PaidInvoice,
    actor: Actor,
  ) => Effect.Effect<Recorded>
  /**
   * A checkout's state at the provider, recorded if it is paid; a payment that does not match waits, and
   * a second subscription is declined (and refunded).
   */
  readonly settle: (
    found: StartedCheckout,
    actor: Actor,
  ) => Effect.Effect<
    "pending" | "processed" | "already_processed" | "declined",
    PaymentProviderFailed
  >
}
