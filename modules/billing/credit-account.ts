import { Data, Either, Schema } from "effect"
import {
  type CreditAccountEvent,
  CreditsAdjusted,
  CreditsDebited,
  CreditsPurchased,
  CreditsRefunded,
  type PackId,
  PlanId,
  SignupCreditsGranted,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionCreditsGranted,
  SubscriptionEnded,
} from "#events/contracts/billing.ts"
import { InsufficientCredits } from "#events/contracts/credit-errors.ts"
import type { Decider } from "#events/decider.ts"
import { InvalidAdjustment } from "./api.ts"

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
    }),
  ),
  /** Subscriptions that ended or were replaced: a late invoice of theirs grants, but never reactivates. */
  pastSubscriptions: Schema.Array(Schema.String),
  /** Checkout sessions and invoices already credited (a subscription's first invoice names both). */
  grants: Schema.Array(Schema.String),
  /** Recent debits not refunded, as [generation, amount]. */
  debits: Schema.Array(Schema.Tuple(Schema.String, Schema.Int)),
  refunds: Schema.Array(Schema.String),
  adjustments: Schema.Array(Schema.String),
})
export type CreditAccount = typeof CreditAccountState.Type

type Commands =
  | { readonly _tag: "GrantSignupCredits"; readonly amount: number }
  | {
      readonly _tag: "RecordPurchase"
      readonly checkoutSessionId: string
      readonly pack: PackId
      readonly amount: number
      readonly amountCents: number
      readonly currency: string
    }
  /** Asked before a subscription checkout opens: emits nothing, or refuses. */
  | { readonly _tag: "CheckSubscriptionCheckout" }
  | {
      readonly _tag: "RecordSubscriptionInvoice"
      readonly subscriptionId: string
      readonly plan: PlanId
      readonly invoiceId: string
      readonly amount: number
      readonly amountCents: number
      readonly currency: string
      readonly periodEnd: Date
      readonly checkoutSessionId: string | null
    }
  | { readonly _tag: "CancelSubscription"; readonly subscriptionId: string; readonly endsAt: Date }
  | { readonly _tag: "EndSubscription"; readonly subscriptionId: string }
  | { readonly _tag: "Debit"; readonly generationId: string; readonly amount: number }
  | { readonly _tag: "Refund"; readonly generationId: string }
  | {
      readonly _tag: "Adjust"
      readonly adjustmentId: string
      readonly amount: number
      readonly reason: string
    }

/** A command on the credit account of `userId`. */
export type CreditCommand = Commands & { readonly userId: string }

export class AlreadyGranted extends Data.TaggedError("AlreadyGranted")<{
  readonly cause: string
}> {}
export class AlreadyDebited extends Data.TaggedError("AlreadyDebited")<{
  readonly generationId: string
}> {}
export class NotDebited extends Data.TaggedError("NotDebited")<{
  readonly generationId: string
}> {}
export class AlreadyRefunded extends Data.TaggedError("AlreadyRefunded")<{
  readonly generationId: string
}> {}
export class SubscriptionAlreadyActive extends Data.TaggedError("SubscriptionAlreadyActive")<{
  readonly plan: PlanId
}> {
  override get message() {
    return "You already have an active subscription. Cancel it first to change plans."
  }
}
export class NoActiveSubscription extends Data.TaggedError("NoActiveSubscription") {
  override get message() {
    return "You have no active subscription."
  }
}

export type CreditRefusal =
  | InsufficientCredits
  | AlreadyGranted
  | AlreadyDebited
  | NotDebited
  | AlreadyRefunded
  | SubscriptionAlreadyActive
  | NoActiveSubscription
  | InvalidAdjustment

const recent = <A>(items: ReadonlyArray<A>, item: A) => [...items.slice(-(memory - 1)), item]

export const emptyAccount: CreditAccount = {
  balance: 0,
  signupGranted: false,
  subscription: null,
  pastSubscriptions: [],
  grants: [],
  debits: [],
  refunds: [],
  adjustments: [],
}

const evolve = (state: CreditAccount, event: CreditAccountEvent): CreditAccount => {
  switch (event._tag) {
    case "SignupCreditsGranted":
      return { ...state, balance: event.balanceAfter, signupGranted: true }
    case "CreditsPurchased":
      return {
        ...state,
        balance: event.balanceAfter,
        grants: [...state.grants, event.checkoutSessionId],
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
        },
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
        subscription: renews ? { ...current, renewsAt: event.periodEnd } : current,
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
            pastSubscriptions: [...state.pastSubscriptions, event.subscriptionId],
          }
        : state
    case "CreditsDebited":
      return {
        ...state,
        balance: event.balanceAfter,
        debits: recent(state.debits, [event.generationId, event.amount]),
      }
    case "CreditsRefunded":
      return {
        ...state,
        balance: event.balanceAfter,
        debits: state.debits.filter(([generation]) => generation !== event.generationId),
        refunds: recent(state.refunds, event.generationId),
      }
    case "CreditsAdjusted":
      return {
        ...state,
        balance: event.balanceAfter,
        adjustments: recent(state.adjustments, event.adjustmentId),
      }
  }
}

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

/** The key that makes a command's events idempotent: the same cause always gives the same event ids. */
export const causeOf = (command: CreditCommand): string => {
  switch (command._tag) {
    case "GrantSignupCredits":
      return "signup"
    case "RecordPurchase":
      return `purchase:${command.checkoutSessionId}`
    case "CheckSubscriptionCheckout":
      return "check"
    case "RecordSubscriptionInvoice":
      return `invoice:${command.invoiceId}`
    case "CancelSubscription":
      return `cancel:${command.subscriptionId}`
    case "EndSubscription":
      return `end:${command.subscriptionId}`
    case "Debit":
      return `debit:${command.generationId}`
    case "Refund":
      return `refund:${command.generationId}`
    case "Adjust":
      return `adjust:${command.adjustmentId}`
  }
}
