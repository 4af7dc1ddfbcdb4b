import type { BillingEvent } from "#events/contracts/billing.ts"
import { creditUseNames } from "#modules/billing/api-credit-uses.ts"
import { describeMoney, describeOffer, offerNames } from "#modules/billing/api-offers.ts"
import { usageTypes } from "./api-usage-types.ts"
import { paymentDisputed, paymentRefunded } from "./reversals.ts"
import type { TransactionRow, UsageRow } from "./rows.ts"

type Movement = Extract<BillingEvent, { readonly balanceAfter: number }>

export interface LedgerParties {
  readonly ticket: string | null
  readonly requestedBy: string | null
  readonly approvedBy: string | null
}

/** What a movement writes besides its ledger row. */
export interface MovementRows {
  readonly cause: string
  readonly causeId: string
  readonly detail: string
  /** An adjustment's support ticket and its admins (the approver above the threshold). */
  readonly parties?: LedgerParties
  readonly usage?: Omit<UsageRow, "userId" | "createdAt">
  readonly transaction?: Omit<TransactionRow, "userId" | "createdAt">
}

/** A movement's cause and detail in the ledger, and what it adds to usage or transactions. */
export const movementRows = (event: Movement): MovementRows => {
  const completed = { status: "completed" as const, amountCents: null, currency: null }
  switch (event._tag) {
    case "SignupCreditsGranted":
      return {
        cause: "signup",
        causeId: event.userId,
        detail: "Sign-up credits",
        transaction: {
          ...completed,
          id: `signup-${event.userId}`,
          type: "signup",
          description: "Welcome credits",
          amount: event.amount,
        },
      }
    case "CreditsPurchased": {
      const description = describeOffer("pack", event.pack, event.amount)
      return {
        cause: "checkout",
        causeId: event.checkoutSessionId,
        detail: `${description}, paid ${describeMoney(event.amountCents, event.currency)}`,
        transaction: {
          ...completed,
          id: event.checkoutSessionId,
          type: "pack",
          description,
          amount: event.amount,
          amountCents: event.amountCents,
          currency: event.currency,
        },
      }
    }
    case "SubscriptionCreditsGranted": {
      const first = event.checkoutSessionId !== null
      const description = `${offerNames[event.plan]} plan${first ? "" : " renewal"}: ${event.amount} credits`
      const until = event.periodEnd.toISOString().slice(0, 10)
      return {
        cause: "invoice",
        causeId: event.invoiceId,
        detail: `${description}, paid ${describeMoney(event.amountCents, event.currency)}, subscription ${event.subscriptionId} until ${until}`,
        transaction: {
          ...completed,
          id: event.checkoutSessionId ?? event.invoiceId,
          type: "subscription",
          description,
          amount: event.amount,
          amountCents: event.amountCents,
          currency: event.currency,
        },
      }
    }
    case "SubscriptionDeclined": {
      const [plan, active] = [offerNames[event.plan], offerNames[event.activePlan]]
      return {
        cause: "invoice",
        causeId: event.invoiceId,
        detail: `${plan} plan, subscription ${event.subscriptionId}: paid ${describeMoney(event.amountCents, event.currency)} while the ${active} plan was active (subscription ${event.activeSubscriptionId}): declined as a second subscription, no credits, the payment to be refunded`,
        transaction: {
          id: event.checkoutSessionId ?? event.invoiceId,
          type: "subscription",
          description: `${plan} plan: not started, as the ${active} plan was active; payment refunded`,
          amount: 0,
          status: "refunded",
          amountCents: event.amountCents,
          currency: event.currency,
        },
      }
    }
    case "PaymentRefunded":
      return paymentRefunded(event)
    case "PaymentDisputed":
    case "PaymentDisputeClosed":
      return paymentDisputed(event)
    case "CreditsDebited":
      return {
        cause: "generation",
        causeId: event.generationId,
        detail: creditUseNames[event.spentOn],
        usage: {
          id: `debit-${event.generationId}`,
          type: usageTypes[event.spentOn],
          description: creditUseNames[event.spentOn],
          creditsUsed: event.amount,
        },
      }
    case "CreditsRefunded":
      return {
        cause: "generation",
        causeId: event.generationId,
        detail: "Refund for a failed generation",
        usage: {
          id: `refund-${event.generationId}`,
          type: "refund",
          description: "Refund for a failed generation",
          creditsUsed: -event.amount,
        },
      }
    case "DailyCreditsGranted":
      return {
        cause: "daily",
        causeId: event.day,
        detail: `Free daily credits for ${event.day}: topped up to ${event.freeAfter}`,
      }
    case "CreditsAdjusted":
      return {
        cause: "adjustment",
        causeId: event.adjustmentId,
        detail: event.reason,
        parties: {
          ticket: event.ticket ?? null,
          requestedBy: event.requestedBy ?? null,
          approvedBy: event.approvedBy ?? null,
        },
        transaction: {
          ...completed,
          id: event.adjustmentId,
          type: "adjustment",
          description: `Credits adjusted by support: ${event.reason}`,
          amount: event.amount,
        },
      }
  }
}
