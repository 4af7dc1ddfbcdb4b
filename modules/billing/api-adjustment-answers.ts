import { Schema } from "effect"

// What the adjustment endpoints answer.

/** An adjustment requested, approved or rejected, and the person's balance after it. */
export class Adjusted extends Schema.Class<Adjusted>("Adjusted")({
  adjustmentId: Schema.String,
  /** Pending: it waits for a second admin; the balance has not moved. */
  status: Schema.Literal("applied", "pending", "rejected"),
  balance: Schema.Int,
}) {}

export class PendingAdjustment extends Schema.Class<PendingAdjustment>("PendingAdjustment")({
  adjustmentId: Schema.String,
  userId: Schema.String,
  amount: Schema.Int,
  reason: Schema.String,
  ticket: Schema.NullOr(Schema.String),
  requestedBy: Schema.String,
  requestedAt: Schema.Date,
}) {}

export class PendingAdjustments extends Schema.Class<PendingAdjustments>("PendingAdjustments")({
  /** Above this many credits, either way, an adjustment waits for a second admin. */
  approvalAbove: Schema.Int,
  adjustments: Schema.Array(PendingAdjustment),
}) {}
