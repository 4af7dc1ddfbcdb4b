import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

// Billing's refusals, each with its HTTP status.

export class ActiveSubscriptionExists extends Schema.TaggedError<ActiveSubscriptionExists>()(
  "ActiveSubscriptionExists",
  { title: Schema.String, message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export const activeSubscriptionExists = new ActiveSubscriptionExists({
  title: "Active Subscription Exists",
  message: "You already have an active subscription. Cancel it first to change plans.",
})

/** A change of plan the rules refuse (the same plan, a cancelled subscription): the message says why. */
export class PlanChangeNotAllowed extends Schema.TaggedError<PlanChangeNotAllowed>()(
  "PlanChangeNotAllowed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class UnknownOffer extends Schema.TaggedError<UnknownOffer>()(
  "UnknownOffer",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class CheckoutClosed extends Schema.TaggedError<CheckoutClosed>()(
  "CheckoutClosed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class NotASubscription extends Schema.TaggedError<NotASubscription>()(
  "NotASubscription",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** A ledger's filter or a statement's month the server cannot read; the message names the parameter. */
export class InvalidLedgerQuery extends Schema.TaggedError<InvalidLedgerQuery>()(
  "InvalidLedgerQuery",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** An adjustment that cannot be: of nothing, or taking more than the spendable balance. */
export class InvalidAdjustment extends Schema.TaggedError<InvalidAdjustment>()(
  "InvalidAdjustment",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export * from "./api-adjustment-refusals.ts"

/** The payment provider failed or could not be reached; nothing was charged or recorded. */
export class PaymentProviderFailed extends Schema.TaggedError<PaymentProviderFailed>()(
  "PaymentProviderFailed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 502 }),
) {}

export class InvalidWebhook extends Schema.TaggedError<InvalidWebhook>()(
  "InvalidWebhook",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/**
 * A provider reported a refund or dispute of a payment not recorded here yet: answered so that it sends the
 * report again later.
 */
export class PaymentNotRecorded extends Schema.TaggedError<PaymentNotRecorded>()(
  "PaymentNotRecorded",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** A refund that cannot be: of nothing, in another currency, or more than what is left of the payment. */
export class InvalidRefund extends Schema.TaggedError<InvalidRefund>()(
  "InvalidRefund",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** A dispute that cannot be opened or closed as asked: one is open already, or none is. */
export class DisputeRefused extends Schema.TaggedError<DisputeRefused>()(
  "DisputeRefused",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}
