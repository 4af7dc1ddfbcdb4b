import {
  type CreditAccountEvent,
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  CreditsRefunded,
  SignupCreditsGranted,
  SubscriptionCancelled,
  SubscriptionEnded,
} from "#events/contracts/billing.ts"
import type { Decider } from "#events/decider.ts"
import { InvalidAdjustment } from "./api.ts"
import { InsufficientCredits } from "./api-credit-refusals.ts"

import { type CreditAccount, emptyAccount, evolve } from "./credit-account-state.ts"
import type { CreditCommand } from "./credit-commands.ts"
import { type Decision, emits, refuses } from "./credit-commands.ts"
import type { CreditRefusal } from "./credit-refusals.ts"
import {
  AlreadyDebited,
  AlreadyGranted,
  AlreadyRefunded,
  NoActiveSubscription,
  NotDebited,
  SubscriptionAlreadyActive,
} from "./credit-refusals.ts"
import { freePartOfDebit, freePartOfRefund, grantDailyCredits } from "./free-credits.ts"
import { closeDispute, recordDispute, recordPaymentRefund } from "./payment-reversals.ts"
import { changePlan, recordPaymentFailure } from "./plan-changes.ts"
import { recordInvoice } from "./plan-invoices.ts"

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
          ...(command.taxCents ? { taxCents: command.taxCents } : {}),
        }),
      )
    case "CheckSubscriptionCheckout":
      return state.subscription?.status === "active"
        ? refuses(new SubscriptionAlreadyActive({ plan: state.subscription.plan }))
        : emits()
    case "RecordSubscriptionInvoice":
      return recordInvoice(command, state)
    case "RecordPaymentRefund":
      return recordPaymentRefund(command, state)
    case "RecordDispute":
      return recordDispute(command, state)
    case "CloseDispute":
      return closeDispute(command, state)
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
    case "RecordPaymentFailure":
      return recordPaymentFailure(command, state)
    case "ChangePlan":
      return changePlan(command, state)
    case "EndSubscription":
      return state.subscription?.id === command.subscriptionId
        ? emits(new SubscriptionEnded({ userId, subscriptionId: command.subscriptionId }))
        : emits()
    case "Debit": {
      if (
        state.debits.some(([generation]) => generation === command.generationId) ||
        state.refunds.includes(command.generationId)
      ) {
        return refuses(new AlreadyDebited({ generationId: command.generationId }))
      }
      const use = command.spentOn ?? "generation"
      if (balance < 0) {
        return refuses(
          InsufficientCredits.owing(
            state.owedBecause ?? "refund",
            balance,
            state.held,
            command.amount,
            use,
          ),
        )
      }
      // Credits a dispute holds are not spendable until it closes.
      if (balance - state.held < command.amount) {
        return refuses(
          state.held > 0
            ? InsufficientCredits.owing("dispute_open", balance, state.held, command.amount, use)
            : InsufficientCredits.of(balance, command.amount, use),
        )
      }
      return emits(
        new CreditsDebited({
          userId,
          amount: command.amount,
          balanceAfter: balance - command.amount,
          generationId: command.generationId,
          spentOn: use,
          fromFree: freePartOfDebit(state, command.amount),
        }),
      )
    }
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
          toFree: freePartOfRefund(state, command.generationId, balance + debit[1]),
        }),
      )
    }
    case "GrantDailyCredits":
      return grantDailyCredits(command, state)
    case "Adjust":
      if (state.adjustments.includes(command.adjustmentId)) {
        return refuses(new AlreadyGranted({ cause: command.adjustmentId }))
      }
      if (command.amount === 0) {
        return refuses(new InvalidAdjustment({ message: "An adjustment must change the balance." }))
      }
      // A removal takes only spendable credits: what a dispute holds may still go back with it.
      if (command.amount < 0 && balance - state.held + command.amount < 0) {
        return refuses(
          new InvalidAdjustment({
            message:
              state.held > 0
                ? `The balance is ${balance} credits, ${state.held} of them held by a dispute; an adjustment cannot take more than ${Math.max(0, balance - state.held)}.`
                : `The balance is ${balance} credits; an adjustment cannot take it below zero.`,
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
          ...(command.ticket !== undefined ? { ticket: command.ticket } : {}),
          ...(command.requestedBy !== undefined ? { requestedBy: command.requestedBy } : {}),
          ...(command.approvedBy !== undefined ? { approvedBy: command.approvedBy } : {}),
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
