import { SubscriptionStatus } from "./api.ts"
import type { CreditAccount } from "./credit-account-state.ts"

/** A subscription as the Credits page shows it; a cancelled one past its end is over. */
export const subscriptionStatus = (account: CreditAccount, now: Date): SubscriptionStatus => {
  const subscription = account.subscription
  if (!subscription || (subscription.endsAt !== null && subscription.endsAt <= now)) {
    return new SubscriptionStatus({ status: "inactive", plan: null, renewsAt: null, endsAt: null })
  }
  return new SubscriptionStatus({
    status: subscription.status,
    plan: subscription.plan,
    renewsAt: subscription.status === "active" ? subscription.renewsAt : null,
    endsAt: subscription.endsAt,
    ...(subscription.nextPlan !== null && { nextPlan: subscription.nextPlan }),
    ...(account.paymentDue?.subscriptionId === subscription.id && {
      paymentDue: {
        amountCents: account.paymentDue.amountCents,
        currency: account.paymentDue.currency,
        nextAttemptAt: account.paymentDue.nextAttemptAt,
      },
    }),
  })
}
