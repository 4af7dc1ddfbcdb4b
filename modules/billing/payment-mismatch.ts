import { Either, Schema } from "effect"
import { PaymentMismatched } from "#events/contracts/billing.ts"
import type { Decider } from "#events/decider.ts"

export const PaymentMismatchEvent = Schema.Union(PaymentMismatched)

/** A payment that is not its offer's price, recorded once for finance however often it is reported. */
export const paymentMismatch: Decider<PaymentMismatched, PaymentMismatched, boolean, never> = {
  initialState: false,
  evolve: () => true,
  decide: (mismatch, recorded) => Either.right(recorded ? [] : [mismatch]),
}
