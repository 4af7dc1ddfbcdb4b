import type { CreditAccountEvent } from "#events/contracts/billing.ts"

/**
 * How an event changes a balance, signed: 0 for a ledger fact that moves none (a declined payment),
 * undefined for events that are not in the ledger. Audits add these up independently of the
 * `balanceAfter` each event records.
 */
export const creditChange = (event: CreditAccountEvent): number | undefined => {
  switch (event._tag) {
    case "SignupCreditsGranted":
    case "CreditsPurchased":
    case "SubscriptionCreditsGranted":
    case "CreditsRefunded":
    case "CreditsAdjusted":
    case "DailyCreditsGranted":
      return event.amount
    case "SubscriptionDeclined":
    case "PaymentDisputed":
      return 0
    case "CreditsDebited":
    case "PaymentRefunded":
    case "PaymentDisputeClosed":
      return 0 - event.amount // a refund that takes no credits is 0, not -0
    case "SubscriptionActivated":
    case "SubscriptionCancelled":
    case "SubscriptionEnded":
    case "SubscriptionPaymentFailed":
    case "SubscriptionPlanChanged":
      return undefined
  }
}
