import type { PlanId } from "#events/contracts/billing.ts"
import { SubscriptionPaymentFailed, SubscriptionPlanChanged } from "#events/contracts/billing.ts"
import type { CreditAccount } from "./credit-account-state.ts"
import { type CreditCommand, type Decision, emits, refuses } from "./credit-commands.ts"
import { NoActiveSubscription, PlanChangeRefused } from "./credit-refusals.ts"
import { planById } from "./price-list.ts"

type Subscription = NonNullable<CreditAccount["subscription"]>

/**
 * How a change from the current plan to `toPlan` applies: a dearer plan now (its prorated difference is
 * invoiced at once), any other at the renewal (the paid period keeps what it paid for). Choosing the
 * current plan again while a downgrade waits keeps it, at the renewal too.
 */
export const planChange = (
  subscription: Subscription,
  toPlan: PlanId,
): "now" | "at_renewal" | PlanChangeRefused => {
  if (subscription.status !== "active") {
    return new PlanChangeRefused({
      message:
        "Your plan is cancelled and ends with its paid period: subscribe again once it ends.",
    })
  }
  if (toPlan === subscription.plan && subscription.nextPlan === null) {
    return new PlanChangeRefused({ message: "You are on this plan already." })
  }
  return planById(toPlan).priceCents > planById(subscription.plan).priceCents ? "now" : "at_renewal"
}

export const changePlan = (
  command: Extract<CreditCommand, { _tag: "ChangePlan" }>,
  state: CreditAccount,
): Decision => {
  const current = state.subscription
  if (current?.id !== command.subscriptionId) return refuses(new NoActiveSubscription())
  const effective = planChange(current, command.toPlan)
  if (effective instanceof PlanChangeRefused) return refuses(effective)
  return emits(
    new SubscriptionPlanChanged({
      userId: command.userId,
      subscriptionId: current.id,
      fromPlan: current.plan,
      toPlan: command.toPlan,
      effective,
      effectiveAt: effective === "now" ? command.at : current.renewsAt,
    }),
  )
}

/**
 * A failed attempt at the current subscription's invoice, once per attempt. An invoice paid already (its
 * failure reported late), or a subscription that is not the current one, changes nothing.
 */
export const recordPaymentFailure = (
  command: Extract<CreditCommand, { _tag: "RecordPaymentFailure" }>,
  state: CreditAccount,
): Decision => {
  const current = state.subscription
  const due = state.paymentDue
  if (
    current?.id !== command.subscriptionId ||
    state.grants.includes(command.invoiceId) ||
    (due?.invoiceId === command.invoiceId && due.attempt >= command.attempt)
  ) {
    return emits()
  }
  return emits(
    new SubscriptionPaymentFailed({
      userId: command.userId,
      plan: current.plan,
      subscriptionId: current.id,
      invoiceId: command.invoiceId,
      attempt: command.attempt,
      nextAttemptAt: command.nextAttemptAt,
      amountCents: command.amountCents,
      currency: command.currency,
    }),
  )
}

/** A failed renewal attempt of the active subscription is due until its invoice is paid. */
export const afterPaymentFailed = (
  state: CreditAccount,
  event: SubscriptionPaymentFailed,
): CreditAccount => {
  if (state.subscription?.id !== event.subscriptionId) return state
  const { subscriptionId, invoiceId, attempt, nextAttemptAt, amountCents, currency } = event
  return {
    ...state,
    paymentDue: { subscriptionId, invoiceId, attempt, nextAttemptAt, amountCents, currency },
  }
}

/** A dearer plan applies now; a cheaper one waits for the renewal (choosing the current plan again undoes it). */
export const afterPlanChanged = (
  state: CreditAccount,
  event: SubscriptionPlanChanged,
): CreditAccount => {
  const current = state.subscription
  if (current?.id !== event.subscriptionId) return state
  return {
    ...state,
    subscription:
      event.effective === "now"
        ? { ...current, plan: event.toPlan, nextPlan: null }
        : { ...current, nextPlan: event.toPlan === current.plan ? null : event.toPlan },
  }
}
