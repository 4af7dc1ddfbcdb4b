import { Schema } from "effect"
import { Money, PackId, PlanId } from "./offers.ts"

/**
 * A checkout's facts, on its own `checkout-<sessionId>` stream from start to cancellation; a paid checkout
 * is the credit event that names it (billing.ts).
 */

/**
 * Who takes the money: Stripe, or the offline checkout that stands in for it without keys. Stored events
 * name the offline checkout "local", the word they were written with; they are read and written as they
 * are.
 */
export const PaymentProviderName = Schema.transformLiterals(
  ["stripe", "stripe"],
  ["local", "offline"],
)
export type PaymentProviderName = typeof PaymentProviderName.Type

export class CheckoutStarted extends Schema.TaggedClass<CheckoutStarted>()("CheckoutStarted", {
  checkoutSessionId: Schema.String,
  userId: Schema.String,
  kind: Schema.Literal("pack", "subscription"),
  item: Schema.Union(PackId, PlanId),
  credits: Schema.Int,
  provider: PaymentProviderName,
  ...Money,
}) {}

/** The buyer left the checkout, or it expired unpaid. */
export class CheckoutCancelled extends Schema.TaggedClass<CheckoutCancelled>()(
  "CheckoutCancelled",
  {
    checkoutSessionId: Schema.String,
    userId: Schema.String,
    reason: Schema.Literal("cancelled", "expired"),
  },
) {}

/** The buyer paid a test-mode checkout: its one decision, after which it can no longer be cancelled. */
export class CheckoutPaid extends Schema.TaggedClass<CheckoutPaid>()("CheckoutPaid", {
  checkoutSessionId: Schema.String,
  userId: Schema.String,
}) {}

export const CheckoutEvent = Schema.Union(CheckoutStarted, CheckoutCancelled, CheckoutPaid)
export type CheckoutEvent = typeof CheckoutEvent.Type
