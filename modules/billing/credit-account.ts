import { Either } from "effect"
import {
  type CreditAccountEvent,
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  CreditsRefunded,
  SignupCreditsGranted,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionCreditsGranted,
  SubscriptionEnded,
} from "#events/contracts/billing.ts"
import { InsufficientCredits } from "#events/contracts/credit-errors.ts"
import type { Decider } from "#events/decider.ts"
import { InvalidAdjustment } from "./api.ts"

import { type CreditAccount, emptyAccount, evolve } from "./credit-account-state.ts"
import type { CreditCommand, CreditRefusal } from "./credit-commands.ts"
import {
  AlreadyDebited,
  AlreadyGranted,
  AlreadyRefunded,
  NoActiveSubscription,
  NotDebited,
  SubscriptionAlreadyActive,
} from "./credit-commands.ts"

type Decision = Either.Either<ReadonlyArray<CreditAccountEvent>, CreditRefusal>

const emits = (...events: ReadonlyArray<CreditAccountEvent>): Decision => Either.right(events)
const refuses = (refusal: CreditRefusal): Decision => Either.left(refusal)

/**
 * A paid invoice always grants its credits: the money is taken. It activates its subscription unless that
 * one is current already or belongs to the past (a late invoice must not bring an old plan back).
 */
const recordInvoice = (
  command: Extract<CreditCommand, { _tag: "RecordSubscriptionInvoice" }>,
  state: CreditAccount,
): Decision => {
  if (state.grants.includes(command.invoiceId)) {
    return refuses(new AlreadyGranted({ cause: command.invoiceId }))
  }
  const { userId, subscriptionId, plan } = command
  const isNew =
    state.subscription?.id !== subscriptionId && !state.pastSubscriptions.includes(subscriptionId)
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
      invoiceId: command.invoiceId,
      amount: command.amount,
      balanceAfter: state.balance + command.amount,
      periodEnd: command.periodEnd,
      checkoutSessionId: command.checkoutSessionId,
      amountCents: command.amountCents,
      currency: command.currency,
    }),
  )
}

const decide = (command: CreditCommand, state: CreditAccount): Decision => {
  const { balance } = state
  const { userId } = command
  switch (command._tag) {
    case "GrantSignupCredits":
      if (state.signupGranted) return refuses(new AlreadyGranted({ cause: "signup" }))
      return command.amount <= 0
        ? emits()
        : emits(
            new SignupCreditsGranted({
              userId,
              amount: command.amount,
              balanceAfter: balance + command.amount,
            }),
          )
    case "RecordPurchase":
      if (state.grants.includes(command.checkoutSessionId)) {
        return refuses(new AlreadyGranted({ cause: command.checkoutSessionId }))
      }
      return emits(
        new CreditsPurchased({
          userId,
          pack: command.pack,
          amount: command.amount,
          balanceAfter: balance + command.amount,
          checkoutSessionId: command.checkoutSessionId,
          amountCents: command.amountCents,
          currency: command.currency,
        }),
      )
    case "CheckSubscriptionCheckout":
      return state.subscription?.status === "active"
        ? refuses(new SubscriptionAlreadyActive({ plan: state.subscription.plan }))
        : emits()
    case "RecordSubscriptionInvoice":
      return recordInvoice(command, state)
    case "CancelSubscription": {
      const current = state.subscription
      if (current?.id !== command.subscriptionId) return refuses(new NoActiveSubscription())
      if (current.status === "cancelled") return emits()
      return emits(
        new SubscriptionCancelled({
          userId,
          subscriptionId: current.id,
          endsAt: command.endsAt,
        }),
      )
    }
    case "EndSubscription":
      return state.subscription?.id === command.subscriptionId
        ? emits(new SubscriptionEnded({ userId, subscriptionId: command.subscriptionId }))
        : emits()
    case "Debit":
      if (
        state.debits.some(([generation]) => generation === command.generationId) ||
        state.refunds.includes(command.generationId)
      ) {
        return refuses(new AlreadyDebited({ generationId: command.generationId }))
      }
      if (balance < command.amount) {
        return refuses(InsufficientCredits.of(balance, command.amount))
      }
      return emits(
        new CreditsDebited({
          userId,
          amount: command.amount,
          balanceAfter: balance - command.amount,
          generationId: command.generationId,
          spentOn: command.spentOn ?? "generation",
        }),
      )
    case "Refund": {
      if (state.refunds.includes(command.generationId)) {
        return refuses(new AlreadyRefunded({ generationId: command.generationId }))
      }
      const debit = state.debits.find(([generation]) => generation === command.generationId)
      if (!debit) return refuses(new NotDebited({ generationId: command.generationId }))
      return emits(
        new CreditsRefunded({
          userId,
          amount: debit[1],
          balanceAfter: balance + debit[1],
          generationId: command.generationId,
        }),
      )
    }
    case "Adjust":
      if (state.adjustments.includes(command.adjustmentId)) {
        return refuses(new AlreadyGranted({ cause: command.adjustmentId }))
      }
      if (command.amount === 0) {
        return refuses(new InvalidAdjustment({ message: "An adjustment must change the balance." }))
      }
      if (balance + command.amount < 0) {
        return refuses(
          new InvalidAdjustment({
            message: `The balance is ${balance} credits; an adjustment cannot take it below zero.`,
          }),
        )
      }
      return emits(
        new CreditsAdjusted({
          userId,
          amount: command.amount,
          balanceAfter: balance + command.amount,
          adjustmentId: command.adjustmentId,
          reason: command.reason,
        }),
      )
  }
}

/**
 * A user's credits: every grant, debit, refund and adjustment, refusing what would double-count or
 * overdraw. Each event carries the balance after it, so the ledger reads without arithmetic.
 */
export const creditAccount: Decider<
  CreditCommand,
  CreditAccountEvent,
  CreditAccount,
  CreditRefusal
> = { initialState: emptyAccount, evolve, decide }
