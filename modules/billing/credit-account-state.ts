import { Schema } from "effect"
import type { CreditAccountEvent } from "#events/contracts/billing.ts"
import { PlanId } from "#events/contracts/billing.ts"
import { OwedBecause } from "./api-credit-refusals.ts"
import { FreeCredits, freeAfterGrant, freeAfterReversal, noFreeCredits } from "./free-credits.ts"
import { changing, PaymentState, paid } from "./payment-state.ts"
import { afterPaymentFailed, afterPlanChanged } from "./plan-changes.ts"

/**
 * How many recent debits, refunds and adjustments the account remembers to refuse a repeat. Past that, the
 * events' deterministic ids still refuse a repeated debit (see credit-accounts.ts); a refund comes minutes
 * after its debit, far inside the window.
 */
export const memory = 200

export const CreditAccountState = Schema.Struct({
  balance: Schema.Int,
  signupGranted: Schema.Boolean,
  subscription: Schema.NullOr(
    Schema.Struct({
      id: Schema.String,
      plan: PlanId,
      /** Cancelled subscriptions stay paid until `endsAt` and do not renew. */
      status: Schema.Literal("active", "cancelled"),
      renewsAt: Schema.Date,
      endsAt: Schema.NullOr(Schema.Date),
      /** A downgrade waiting for the renewal, which invoices it. */
      nextPlan: Schema.optionalWith(Schema.NullOr(PlanId), { default: () => null }),
    }),
  ),
  /** The subscription's invoice the card did not pay, until it is paid or the subscription ends. */
  paymentDue: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({
        subscriptionId: Schema.String,
        invoiceId: Schema.String,
        attempt: Schema.Int,
        nextAttemptAt: Schema.NullOr(Schema.Date),
        amountCents: Schema.Int,
        currency: Schema.String,
      }),
    ),
    { default: () => null },
  ),
  /** Subscriptions that ended or were replaced: a late invoice of theirs grants, but never reactivates. */
  pastSubscriptions: Schema.Array(Schema.String),
  /** Checkout sessions and invoices already credited (a subscription's first invoice names both). */
  grants: Schema.Array(Schema.String),
  /** Subscriptions paid while another was active, by their first invoice; the refund once it is made. */
  declined: Schema.Array(
    Schema.Struct({
      invoiceId: Schema.String,
      subscriptionId: Schema.String,
      checkoutSessionId: Schema.NullOr(Schema.String),
      refundId: Schema.NullOr(Schema.String),
    }),
  ),
  /** Every payment that granted credits, with what refunds and disputes took of it (payment-state.ts). */
  payments: Schema.Array(PaymentState),
  /** Credits held by open disputes: the balance less these is what can be spent. */
  held: Schema.Int,
  /** What last took the balance below zero, while it is. */
  owedBecause: Schema.NullOr(OwedBecause),
  /** Recent debits not refunded, as [generation, amount]. */
  debits: Schema.Array(Schema.Tuple(Schema.String, Schema.Int)),
  refunds: Schema.Array(Schema.String),
  adjustments: Schema.Array(Schema.String),
  ...FreeCredits,
})
export type CreditAccount = typeof CreditAccountState.Type

export const recent = <A>(items: ReadonlyArray<A>, item: A) => [...items.slice(-(memory - 1)), item]

export const emptyAccount: CreditAccount = {
  balance: 0,
  signupGranted: false,
  subscription: null,
  paymentDue: null,
  pastSubscriptions: [],
  grants: [],
  declined: [],
  payments: [],
  held: 0,
  owedBecause: null,
  debits: [],
  refunds: [],
  adjustments: [],
  ...noFreeCredits,
}

/** How each event changes the account; a balance back at zero or above owes nothing. */
export const evolve = (state: CreditAccount, event: CreditAccountEvent): CreditAccount => {
  const next = evolveAccount(state, event)
  return next.owedBecause !== null && next.balance >= 0 ? { ...next, owedBecause: null } : next
}

const evolveAccount = (state: CreditAccount, event: CreditAccountEvent): CreditAccount => {
  switch (event._tag) {
    case "SignupCreditsGranted":
      return { ...state, balance: event.balanceAfter, signupGranted: true }
    case "CreditsPurchased":
      return {
        ...state,
        balance: event.balanceAfter,
        grants: [...state.grants, event.checkoutSessionId],
        payments: [
          ...state.payments,
          paid(event.checkoutSessionId, "pack", event.pack, event.amount, event),
        ],
      }
    case "SubscriptionActivated":
      return {
        ...state,
        pastSubscriptions: state.subscription
          ? [...state.pastSubscriptions, state.subscription.id]
          : state.pastSubscriptions,
        subscription: {
          id: event.subscriptionId,
          plan: event.plan,
          status: "active",
          renewsAt: event.renewsAt,
          endsAt: null,
          nextPlan: null,
        },
        paymentDue: null,
      }
    case "SubscriptionCreditsGranted": {
      const current = state.subscription
      const renews =
        current?.id === event.subscriptionId &&
        current.status === "active" &&
        event.periodEnd > current.renewsAt
      return {
        ...state,
        balance: event.balanceAfter,
        grants: event.checkoutSessionId
          ? [...state.grants, event.invoiceId, event.checkoutSessionId]
          : [...state.grants, event.invoiceId],
        // A renewal invoices the plan it renews to: a waiting downgrade applies with it.
        subscription: renews
          ? { ...current, renewsAt: event.periodEnd, plan: event.plan, nextPlan: null }
          : current,
        paymentDue:
          state.paymentDue?.invoiceId === event.invoiceId || renews ? null : state.paymentDue,
        payments: [
          ...state.payments,
          paid(event.invoiceId, "subscription", event.plan, event.amount, event),
        ],
      }
    }
    case "SubscriptionCancelled":
      return state.subscription?.id === event.subscriptionId
        ? {
            ...state,
            subscription: { ...state.subscription, status: "cancelled", endsAt: event.endsAt },
          }
        : state
    case "SubscriptionEnded":
      return state.subscription?.id === event.subscriptionId
        ? {
            ...state,
            subscription: null,
            paymentDue: null,
            pastSubscriptions: [...state.pastSubscriptions, event.subscriptionId],
          }
        : state
    case "SubscriptionDeclined": {
      const { invoiceId, subscriptionId, checkoutSessionId } = event
      return {
        ...state,
        declined: [
          ...state.declined,
          { invoiceId, subscriptionId, checkoutSessionId, refundId: null },
        ],
      }
    }
    case "PaymentRefunded":
      return {
        ...state,
        balance: event.balanceAfter,
        held: event.heldAfter,
        free: freeAfterReversal(state, event.balanceAfter),
        owedBecause: event.balanceAfter < 0 ? "refund" : state.owedBecause,
        declined: state.declined.map((payment) =>
          payment.invoiceId === event.paymentId
            ? { ...payment, refundId: event.refundId }
            : payment,
        ),
        payments: changing(state.payments, event),
      }
    case "PaymentDisputed":
      return {
        ...state,
        held: event.heldAfter,
        payments: changing(state.payments, event),
      }
    case "PaymentDisputeClosed":
      return {
        ...state,
        balance: event.balanceAfter,
        held: event.heldAfter,
        free: freeAfterReversal(state, event.balanceAfter),
        owedBecause: event.balanceAfter < 0 ? "dispute_lost" : state.owedBecause,
        payments: changing(state.payments, event),
      }
    case "CreditsDebited":
      return {
        ...state,
        balance: event.balanceAfter,
        debits: recent(state.debits, [event.generationId, event.amount]),
        free: state.free - event.fromFree,
        freeSpent:
          event.fromFree > 0
            ? recent(state.freeSpent, [event.generationId, event.fromFree])
            : state.freeSpent,
      }
    case "CreditsRefunded":
      return {
        ...state,
        balance: event.balanceAfter,
        debits: state.debits.filter(([generation]) => generation !== event.generationId),
        refunds: recent(state.refunds, event.generationId),
        free: state.free + event.toFree,
        freeSpent: state.freeSpent.filter(([generation]) => generation !== event.generationId),
      }
    case "CreditsAdjusted":
      return {
        ...state,
        balance: event.balanceAfter,
        adjustments: recent(state.adjustments, event.adjustmentId),
        free: freeAfterReversal(state, event.balanceAfter),
      }
    case "DailyCreditsGranted":
      return { ...state, balance: event.balanceAfter, ...freeAfterGrant(event) }
    case "SubscriptionPaymentFailed":
      return afterPaymentFailed(state, event)
    case "SubscriptionPlanChanged":
      return afterPlanChanged(state, event)
  }
}
