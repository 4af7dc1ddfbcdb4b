import type { SubscriptionStatus } from "#modules/billing/api.ts"
import { Alert } from "../../components/ui/alert.tsx"
import { formatDate, formatPrice, offerName } from "./format.ts"

/** A renewal the card did not pay: what is due, when it is tried again, and that the credits wait for it. */
export const PaymentDueBanner = ({
  subscription,
}: {
  readonly subscription: SubscriptionStatus
}) => {
  const due = subscription.paymentDue
  if (due === undefined || subscription.plan === null) return null
  const amount = formatPrice(due.amountCents, due.currency.toUpperCase())
  return (
    <Alert tone="danger" title="Your last payment did not go through">
      We could not take {amount} for your {offerName(subscription.plan)} plan.{" "}
      {due.nextAttemptAt
        ? `We will try again on ${formatDate(due.nextAttemptAt)}.`
        : "We will not try again: the plan ends unless the invoice is paid."}{" "}
      This month's credits are added as soon as it is paid. Please check your card.
    </Alert>
  )
}
