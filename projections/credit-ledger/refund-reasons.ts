import type { RefundReason } from "#events/contracts/payment-reversals.ts"

/** Why a payment went back, as the ledger says it. */
export const refundReasonNames: Record<RefundReason, string> = {
  second_subscription: "a second subscription while another was active",
  requested_by_customer: "requested by the customer",
  duplicate: "a duplicate payment",
  fraudulent: "a fraudulent payment",
  support: "made by support",
  provider: "made by the payment provider",
}
