import { Schema } from "effect"
import { Money, PlanId } from "./offers.ts"

// A subscriber's plan between its invoices: a renewal the card did not pay, and changes of plan. Neither
// moves credits by itself: credits come with a paid invoice (SubscriptionCreditsGranted).

/**
 * A subscription's invoice was not paid: the subscriber is shown a banner and mailed once per attempt; the
 * month's credits wait for the invoice to be paid. `nextAttemptAt` is when the provider tries again (null:
 * it will not).
 */
export class SubscriptionPaymentFailed extends Schema.TaggedClass<SubscriptionPaymentFailed>()(
  "SubscriptionPaymentFailed",
  {
    userId: Schema.String,
    plan: PlanId,
    subscriptionId: Schema.String,
    invoiceId: Schema.String,
    attempt: Schema.Int,
    nextAttemptAt: Schema.NullOr(Schema.Date),
    ...Money,
  },
) {}

/**
 * The subscriber changed plan: an upgrade takes effect now (its prorated invoice grants the difference in
 * credits once paid), a downgrade at the paid period's end (the renewal invoices the new plan). Choosing
 * the current plan again while a downgrade waits keeps it.
 */
export class SubscriptionPlanChanged extends Schema.TaggedClass<SubscriptionPlanChanged>()(
  "SubscriptionPlanChanged",
  {
    userId: Schema.String,
    subscriptionId: Schema.String,
    fromPlan: PlanId,
    toPlan: PlanId,
    effective: Schema.Literal("now", "at_renewal"),
    /** When the new plan applies: now, or the renewal. */
    effectiveAt: Schema.Date,
  },
) {}
