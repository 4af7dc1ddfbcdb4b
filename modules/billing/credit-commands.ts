import { Either } from "effect"
import type { CreditAccountEvent, PackId, PlanId, RefundReason } from "#events/contracts/billing.ts"
import type { CreditUse } from "#events/contracts/song-operations.ts"
import type { CreditRefusal } from "./credit-refusals.ts"

type Commands =
  | { readonly _tag: "GrantSignupCredits"; readonly amount: number }
  | {
      readonly _tag: "RecordPurchase"
      readonly checkoutSessionId: string
      readonly pack: PackId
      readonly amount: number
      readonly amountCents: number
      readonly currency: string
      readonly taxCents?: number | undefined
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
      readonly taxCents?: number | undefined
      /** An upgrade's prorated invoice: the plan it left. */
      readonly upgradedFrom?: PlanId | undefined
    }
  /** The provider gave a payment back, in full or in part: `amountCents` is this refund's. */
  | {
      readonly _tag: "RecordPaymentRefund"
      readonly paymentId: string
      readonly refundId: string
      readonly reason: RefundReason
      readonly amountCents: number
      readonly currency: string
    }
  /** The payer disputed a payment: `amountCents` is the money disputed. */
  | {
      readonly _tag: "RecordDispute"
      readonly paymentId: string
      readonly disputeId: string
      readonly amountCents: number
      readonly currency: string
    }
  | {
      readonly _tag: "CloseDispute"
      readonly paymentId: string
      readonly disputeId: string
      readonly outcome: "won" | "lost"
      readonly amountCents: number
      readonly currency: string
    }
  | { readonly _tag: "CancelSubscription"; readonly subscriptionId: string; readonly endsAt: Date }
  /** The provider could not take a subscription's invoice (this attempt); it may try again then. */
  | {
      readonly _tag: "RecordPaymentFailure"
      readonly subscriptionId: string
      readonly invoiceId: string
      readonly attempt: number
      readonly nextAttemptAt: Date | null
      readonly amountCents: number
      readonly currency: string
    }
  /** After the provider changed the subscription: `changeId` names this request. */
  | {
      readonly _tag: "ChangePlan"
      readonly changeId: string
      readonly subscriptionId: string
      readonly toPlan: PlanId
      readonly at: Date
    }
  | { readonly _tag: "EndSubscription"; readonly subscriptionId: string }
  | {
      readonly _tag: "Debit"
      readonly generationId: string
      readonly amount: number
      /** Unsaid: a song generation. */
      readonly spentOn?: CreditUse
    }
  | { readonly _tag: "Refund"; readonly generationId: string }
  /** Tops the free credits up to `perDay` on `day` (UTC, YYYY-MM-DD), once that day. */
  | { readonly _tag: "GrantDailyCredits"; readonly day: string; readonly perDay: number }
  | {
      readonly _tag: "Adjust"
      readonly adjustmentId: string
      readonly amount: number
      readonly reason: string
      readonly ticket?: string | null
      readonly requestedBy?: string
      readonly approvedBy?: string
    }

/** A command on the credit account of `userId`. */
export type CreditCommand = Commands & { readonly userId: string }

/** What deciding a command gives: the events to append, or why not. */
export type Decision = Either.Either<ReadonlyArray<CreditAccountEvent>, CreditRefusal>

export const emits = (...events: ReadonlyArray<CreditAccountEvent>): Decision =>
  Either.right(events)
export const refuses = (refusal: CreditRefusal): Decision => Either.left(refusal)

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
    case "RecordPaymentRefund":
      return `payment-refund:${command.refundId}`
    case "RecordDispute":
      return `dispute:${command.disputeId}`
    case "CloseDispute":
      return `dispute-closed:${command.disputeId}`
    case "CancelSubscription":
      return `cancel:${command.subscriptionId}`
    case "EndSubscription":
      return `end:${command.subscriptionId}`
    case "RecordPaymentFailure":
      return `payment-failed:${command.invoiceId}:${command.attempt}`
    case "ChangePlan":
      return `plan-change:${command.changeId}`
    case "Debit":
      return `debit:${command.generationId}`
    case "Refund":
      return `refund:${command.generationId}`
    case "Adjust":
      return `adjust:${command.adjustmentId}`
    case "GrantDailyCredits":
      return `daily:${command.day}`
  }
}
