import { Schema } from "effect"
import { PackId, PlanId } from "./offers.ts"

/**
 * A payment provider reported a payment whose amount or currency is not the offer's, so no credits were
 * granted for it; finance settles it with the provider. `reference` is the checkout session or invoice.
 */
export class PaymentMismatched extends Schema.TaggedClass<PaymentMismatched>()(
  "PaymentMismatched",
  {
    reference: Schema.String,
    userId: Schema.String,
    kind: Schema.Literal("pack", "subscription"),
    item: Schema.Union(PackId, PlanId),
    expectedAmountCents: Schema.Int,
    expectedCurrency: Schema.String,
    paidAmountCents: Schema.Int,
    paidCurrency: Schema.String,
  },
) {}

/** Each mismatched payment on its own stream, so one report of it is recorded once. */
export const paymentMismatchStream = (reference: string) => `payment-mismatch-${reference}`
