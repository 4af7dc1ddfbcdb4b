import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

// What an adjustment's approval or rejection is refused with, each with its HTTP status.

/** Four eyes: neither the admin who requested an adjustment nor the admin it credits approves it. */
export class OwnAdjustment extends Schema.TaggedError<OwnAdjustment>()(
  "OwnAdjustment",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

export const ownAdjustment = new OwnAdjustment({
  message: "You requested this adjustment: another admin must approve it.",
})

export const ownCredits = new OwnAdjustment({
  message: "This adjustment is of your own credits: another admin must approve it.",
})

/** The adjustment is applied or rejected already: it waits for nobody. */
export class AdjustmentSettled extends Schema.TaggedError<AdjustmentSettled>()(
  "AdjustmentSettled",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}
