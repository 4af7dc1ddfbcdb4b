import { Schema } from "effect"
import { Money, PackId, PlanId } from "./offers.ts"

// Payments going back to their payer, on the credit account of the person who paid: refunds, in full or in
// part, and disputes, held while open and settled when closed (see billing.ts).

/**
 * Why a payment went back to its payer: a second plan declined by the account, Stripe's own reasons, one
 * made by support (in Stripe's dashboard without a reason, or by an admin in the test mode), or one the
 * provider made by itself (an uncaptured charge that expired).
 */
export const RefundReason = Schema.Literal(
  "second_subscription",
  "requested_by_customer",
  "duplicate",
  "fraudulent",
  "support",
  "provider",
)
export type RefundReason = typeof RefundReason.Type

/** What a payment bought, on the events that name the payment: "the Pro pack", "the Pro plan". */
export const PaymentItem = {
  kind: Schema.Literal("pack", "subscription"),
  item: Schema.Union(PackId, PlanId),
}

/**
 * A payment given back through its provider, in full or in part, with why. `amount` is the credits it takes
 * back: those bought with the refunded share, pro rata on everything refunded of the payment so far (none
 * when the payment granted none, as a declined subscription's did, or when a lost dispute took them).
 */
export class PaymentRefunded extends Schema.TaggedClass<PaymentRefunded>()("PaymentRefunded", {
  userId: Schema.String,
  /** The payment as billing names it: a pack's checkout session, a plan's invoice. */
  paymentId: Schema.String,
  /** The provider's refund: a Stripe refund, or the test mode's own. */
  refundId: Schema.String,
  reason: RefundReason,
  amount: Schema.Int,
  balanceAfter: Schema.Int,
  /** This refund's money; `refundedCents` is everything refunded of the payment with it. */
  ...Money,
  refundedCents: Schema.optional(Schema.Int),
  /** Credits held by disputes after it: a refund during a dispute leaves less to hold. */
  heldAfter: Schema.optionalWith(Schema.Int, { default: () => 0 }),
  kind: Schema.optional(PaymentItem.kind),
  item: Schema.optional(PaymentItem.item),
}) {}

/**
 * The payer disputed a payment with their bank: the credits it bought (what refunds left of them) are held,
 * not spendable, until the dispute closes. The balance does not move.
 */
export class PaymentDisputed extends Schema.TaggedClass<PaymentDisputed>()("PaymentDisputed", {
  userId: Schema.String,
  paymentId: Schema.String,
  /** The provider's dispute: a Stripe dispute, or the test mode's own. */
  disputeId: Schema.String,
  /** The credits held. */
  held: Schema.Int,
  heldAfter: Schema.Int,
  balanceAfter: Schema.Int,
  /** The money disputed. */
  ...Money,
  ...PaymentItem,
}) {}

/** A dispute closed: won, its credits are released; lost, they are removed (the balance may go negative). */
export class PaymentDisputeClosed extends Schema.TaggedClass<PaymentDisputeClosed>()(
  "PaymentDisputeClosed",
  {
    userId: Schema.String,
    paymentId: Schema.String,
    disputeId: Schema.String,
    outcome: Schema.Literal("won", "lost"),
    /** The credits the dispute held, released or removed now. */
    released: Schema.Int,
    /** The credits taken from the balance: what it held when lost, 0 when won. */
    amount: Schema.Int,
    heldAfter: Schema.Int,
    balanceAfter: Schema.Int,
    ...Money,
    ...PaymentItem,
  },
) {}
