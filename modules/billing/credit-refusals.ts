import { Data } from "effect"
import type { PlanId } from "#events/contracts/billing.ts"
import type { InvalidAdjustment, InvalidRefund } from "./api.ts"
import type { InsufficientCredits } from "./api-credit-refusals.ts"

// Why a credit account refuses a command; `CreditRefusal` is every one of them.

export class AlreadyGranted extends Data.TaggedError("AlreadyGranted")<{
  readonly cause: string
}> {}
export class AlreadyDebited extends Data.TaggedError("AlreadyDebited")<{
  readonly generationId: string
}> {}
export class NotDebited extends Data.TaggedError("NotDebited")<{
  readonly generationId: string
}> {}
export class AlreadyRefunded extends Data.TaggedError("AlreadyRefunded")<{
  readonly generationId: string
}> {}
export class SubscriptionAlreadyActive extends Data.TaggedError("SubscriptionAlreadyActive")<{
  readonly plan: PlanId
}> {
  override get message() {
    return "You already have an active subscription. Cancel it first to change plans."
  }
}
/** A subscription's invoice reported again after the account declined it. */
export class AlreadyDeclined extends Data.TaggedError("AlreadyDeclined")<{
  readonly invoiceId: string
}> {}
export class PaymentAlreadyRefunded extends Data.TaggedError("PaymentAlreadyRefunded")<{
  readonly paymentId: string
}> {}
/** No payment of this account has this id. */
export class UnknownPayment extends Data.TaggedError("UnknownPayment")<{
  readonly paymentId: string
}> {
  override get message() {
    return "This person has no payment with this id."
  }
}
/** This dispute is recorded already, or the payment has another. */
export class AlreadyDisputed extends Data.TaggedError("AlreadyDisputed")<{
  readonly disputeId: string
}> {
  override get message() {
    return "This payment is disputed already."
  }
}
export class DisputeAlreadyClosed extends Data.TaggedError("DisputeAlreadyClosed")<{
  readonly disputeId: string
}> {
  override get message() {
    return "This dispute is closed already."
  }
}
export class NoActiveSubscription extends Data.TaggedError("NoActiveSubscription") {
  override get message() {
    return "You have no active subscription."
  }
}

/** A plan change that cannot be made: the message says why. */
export class PlanChangeRefused extends Data.TaggedError("PlanChangeRefused")<{
  readonly message: string
}> {}

export type CreditRefusal =
  | InsufficientCredits
  | AlreadyGranted
  | AlreadyDebited
  | NotDebited
  | AlreadyRefunded
  | SubscriptionAlreadyActive
  | AlreadyDeclined
  | PaymentAlreadyRefunded
  | UnknownPayment
  | InvalidRefund
  | AlreadyDisputed
  | DisputeAlreadyClosed
  | NoActiveSubscription
  | InvalidAdjustment
  | PlanChangeRefused
