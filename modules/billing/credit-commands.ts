import { Data } from "effect"
import type { PackId, PlanId } from "#events/contracts/billing.ts"
import type { InsufficientCredits } from "#events/contracts/credit-errors.ts"
import type { CreditUse } from "#events/contracts/song-operations.ts"
import type { InvalidAdjustment } from "./api.ts"

type Commands =
  | { readonly _tag: "GrantSignupCredits"; readonly amount: number }
  | {
      readonly _tag: "RecordPurchase"
      readonly checkoutSessionId: string
      readonly pack: PackId
      readonly amount: number
      readonly amountCents: number
      readonly currency: string
    }
  /** Asked before a subscription checkout opens: emits nothing, or refuses. */
  | { readonly _tag: "CheckSubscriptionCheckout" }
  | {
      readonly _tag: "RecordSubscriptionInvoice"
      readonly subscriptionId: string
      readonly plan: PlanId
      readonly invoiceId: string
      readonly amount: number
      readonly amountCents: number
      readonly currency: string
      readonly periodEnd: Date
      readonly checkoutSessionId: string | null
    }
  | { readonly _tag: "CancelSubscription"; readonly subscriptionId: string; readonly endsAt: Date }
  | { readonly _tag: "EndSubscription"; readonly subscriptionId: string }
  | {
      readonly _tag: "Debit"
      readonly generationId: string
      readonly amount: number
      /** Unsaid: a song generation. */
      readonly spentOn?: CreditUse
    }
  | { readonly _tag: "Refund"; readonly generationId: string }
  | {
      readonly _tag: "Adjust"
      readonly adjustmentId: string
      readonly amount: number
      readonly reason: string
    }

/** A command on the credit account of `userId`. */
export type CreditCommand = Commands & { readonly userId: string }

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
export class NoActiveSubscription extends Data.TaggedError("NoActiveSubscription") {
  override get message() {
    return "You have no active subscription."
  }
}

export type CreditRefusal =
  | InsufficientCredits
  | AlreadyGranted
  | AlreadyDebited
  | NotDebited
  | AlreadyRefunded
  | SubscriptionAlreadyActive
  | NoActiveSubscription
  | InvalidAdjustment

/** The key that makes a command's events idempotent: the same cause always gives the same event ids. */
export const causeOf = (command: CreditCommand): string => {
  switch (command._tag) {
    case "GrantSignupCredits":
      return "signup"
    case "RecordPurchase":
      return `purchase:${command.checkoutSessionId}`
    case "CheckSubscriptionCheckout":
      return "check"
    case "RecordSubscriptionInvoice":
      return `invoice:${command.invoiceId}`
    case "CancelSubscription":
      return `cancel:${command.subscriptionId}`
    case "EndSubscription":
      return `end:${command.subscriptionId}`
    case "Debit":
      return `debit:${command.generationId}`
    case "Refund":
      return `refund:${command.generationId}`
    case "Adjust":
      return `adjust:${command.adjustmentId}`
  }
}
