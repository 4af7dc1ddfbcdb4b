import { Schema } from "effect"

/**
 * An admin's grant or removal of a person's credits, on its own `credit-adjustment-<id>` stream. At or
 * below the configured amount it applies at once; above it, it waits for a second admin, who approves or
 * rejects it. Applying it is the CreditsAdjusted event on the person's credit account, written in the same
 * transaction as the request or the approval.
 */

export class AdjustmentRequested extends Schema.TaggedClass<AdjustmentRequested>()(
  "AdjustmentRequested",
  {
    adjustmentId: Schema.String,
    userId: Schema.String,
    /** Positive grants credits, negative removes them. */
    amount: Schema.Int,
    reason: Schema.String,
    /** A support ticket's reference, when there is one. */
    ticket: Schema.NullOr(Schema.String),
    /** The requesting admin's user id. */
    requestedBy: Schema.String,
    /** Above the threshold: it waits for a second admin. */
    needsApproval: Schema.Boolean,
  },
) {}

export class AdjustmentApproved extends Schema.TaggedClass<AdjustmentApproved>()(
  "AdjustmentApproved",
  {
    adjustmentId: Schema.String,
    userId: Schema.String,
    approvedBy: Schema.String,
  },
) {}

export class AdjustmentRejected extends Schema.TaggedClass<AdjustmentRejected>()(
  "AdjustmentRejected",
  {
    adjustmentId: Schema.String,
    userId: Schema.String,
    rejectedBy: Schema.String,
    reason: Schema.String,
  },
) {}

/** Everything on a `credit-adjustment-<id>` stream. */
export const CreditAdjustmentEvent = Schema.Union(
  AdjustmentRequested,
  AdjustmentApproved,
  AdjustmentRejected,
)
export type CreditAdjustmentEvent = typeof CreditAdjustmentEvent.Type

export const creditAdjustmentStream = (adjustmentId: string) => `credit-adjustment-${adjustmentId}`
