import {
  SubscriptionActivated,
  SubscriptionCreditsGranted,
  SubscriptionDeclined,
} from "#events/contracts/billing.ts"
import type { CreditAccount } from "./credit-account-state.ts"
import { type CreditCommand, type Decision, emits, refuses } from "./credit-commands.ts"
import { AlreadyDeclined, AlreadyGranted } from "./credit-refusals.ts"

// A person's plan as its paid invoices make it: granted, activated, or declined (and refunded).

/**
 * A paid invoice of the current subscription, or of a past one, grants its credits: the money is taken
 * for a plan the person has (had). A new subscription's invoice activates it, unless another is active:
 * one person has one plan, so the new one is declined, granting nothing, and its payment goes back. The
 * account decides this, one invoice after the other, whatever order the payments were made or reported in.
 * A late invoice never brings an old plan back.
 */
export const recordInvoice = (
  command: Extract<CreditCommand, { _tag: "RecordSubscriptionInvoice" }>,
  state: CreditAccount,
): Decision => {
  const { userId, subscriptionId, plan, invoiceId } = command
  if (state.grants.includes(invoiceId)) return refuses(new AlreadyGranted({ cause: invoiceId }))
  if (state.declined.some((payment) => payment.invoiceId === invoiceId)) {
    return refuses(new AlreadyDeclined({ invoiceId }))
  }
  const current = state.subscription
  const isNew = current?.id !== subscriptionId && !state.pastSubscriptions.includes(subscriptionId)
  if (isNew && current?.status === "active") {
    return emits(
      new SubscriptionDeclined({
        userId,
        plan,
        subscriptionId,
        invoiceId,
        checkoutSessionId: command.checkoutSessionId,
        activeSubscriptionId: current.id,
        activePlan: current.plan,
        balanceAfter: state.balance,
        amountCents: command.amountCents,
        currency: command.currency,
      }),
    )
  }
  const activation = isNew
    ? [
        new SubscriptionActivated({
          userId,
          plan,
          subscriptionId,
          renewsAt: command.periodEnd,
          checkoutSessionId: command.checkoutSessionId,
        }),
      ]
    : []
  return emits(
    ...activation,
    new SubscriptionCreditsGranted({
      userId,
      plan,
      subscriptionId,
      invoiceId,
      amount: command.amount,
      balanceAfter: state.balance + command.amount,
      periodEnd: command.periodEnd,
      checkoutSessionId: command.checkoutSessionId,
      amountCents: command.amountCents,
      currency: command.currency,
      ...(command.taxCents ? { taxCents: command.taxCents } : {}),
      ...(command.upgradedFrom ? { upgradedFrom: command.upgradedFrom } : {}),
    }),
  )
}
