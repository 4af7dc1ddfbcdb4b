import { Context, Effect, Either, Layer } from "effect"
import { type Actor, Actors } from "#events/contracts/actor.ts"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import {
  billingStreams,
  CheckoutEvent,
  type CheckoutStarted,
  type PackId,
  type PlanId,
} from "#events/contracts/billing.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { fold, runCommand } from "#events/decider.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import {
  activeSubscriptionExists,
  NotASubscription,
  type PaymentIntentPayload,
  SubscriptionStatus,
  UnknownOffer,
} from "./api.ts"
import { describeOffer, type Offer, packById, packMatching, planById } from "./catalog.ts"
import { type Checkout, type CheckoutCommand, checkout } from "./checkout.ts"
import { BillingConfig } from "./config.ts"
import type { CreditAccount } from "./credit-account.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { type PaidInvoice, PaymentProvider } from "./payment-provider.ts"

/** Events a payment provider reports are recorded as this actor. */
export const providerActor = (name: "stripe" | "local") => Actors.system(`payments:${name}`)

/** Whether a payment fact added credits now or had already. */
export type Recorded = "processed" | "already_processed"

const paymentNotFound = new NotFound({ message: "We could not find this payment." })
const noSubscription = new NotFound({ message: "You have no active subscription." })

const decodeCheckout = decodeAll(CheckoutEvent)

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
  })
}

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const accounts = yield* CreditAccounts
  const provider = yield* PaymentProvider
  const config = yield* BillingConfig

  const loadCheckout = (sessionId: string) =>
    store.readStream(billingStreams.checkout(sessionId)).pipe(
      Effect.flatMap(decodeCheckout),
      Effect.map(
        (history): Checkout =>
          fold(
            checkout,
            history.map((h) => h.event),
          ),
      ),
      Effect.orDie,
    )

  const runCheckout = (sessionId: string, command: CheckoutCommand, actor: Actor) =>
    runCommand({
      decider: checkout,
      events: CheckoutEvent,
      streamId: billingStreams.checkout(sessionId),
      command,
      actor,
    })

  /** Cancelling a checkout nobody opened changes nothing; cancelling twice neither. */
  const cancelCheckout = (sessionId: string, reason: "cancelled" | "expired", actor: Actor) =>
    runCheckout(sessionId, { _tag: "CancelCheckout", reason }, actor).pipe(
      Effect.catchTag("NoSuchCheckout", () => Effect.void),
      Effect.catchTag("CheckoutExists", Effect.die),
      Effect.asVoid,
    )

  /** The caller's own checkout, or not found: nobody learns of other people's payments. */
  const ownCheckout = (user: SignedInUser, sessionId: string) =>
    Effect.flatMap(loadCheckout(sessionId), (found) =>
      found.status !== "none" && found.started.userId === user.userId
        ? Effect.succeed(found)
        : Effect.fail(paymentNotFound),
    )

  const openCheckout = <Id extends PackId | PlanId>(
    user: SignedInUser,
    kind: "pack" | "subscription",
    offer: Offer<Id>,
  ) =>
    Effect.gen(function* () {
      const description = describeOffer(kind, offer)
      const request = {
        userId: user.userId,
        email: user.email,
        currency: config.currency,
        description,
      }
      const opened = yield* provider.startCheckout(
        kind === "pack"
          ? { ...request, kind, offer: offer as Offer<PackId> }
          : { ...request, kind, offer: offer as Offer<PlanId> },
      )
      yield* runCheckout(
        opened.sessionId,
        {
          _tag: "StartCheckout",
          checkout: {
            checkoutSessionId: opened.sessionId,
            userId: user.userId,
            kind,
            item: offer.id,
            credits: offer.credits,
            provider: provider.name,
            amountCents: offer.priceCents,
            currency: config.currency,
          },
        },
        actorOf(user),
      ).pipe(Effect.catchTags({ CheckoutExists: Effect.die, NoSuchCheckout: Effect.die }))
      return opened
    })

  // The payment facts: the same whether a webhook, a return to /credits or the local checkout reports them.

  const recorded = <E extends { readonly _tag: string }>(outcome: Either.Either<unknown, E>) =>
    Either.isRight(outcome)
      ? Effect.succeed<Recorded>("processed")
      : outcome.left._tag === "AlreadyGranted"
        ? Effect.succeed<Recorded>("already_processed")
        : Effect.die(outcome.left)

  /** A paid pack: its credits are the ones the checkout was opened for, at the server's price. */
  const packPaid = (
    started: CheckoutStarted,
    paid: { readonly amountCents: number; readonly currency: string },
    actor: Actor,
  ) =>
    Effect.flatMap(
      Effect.either(
        accounts.execute(
          {
            _tag: "RecordPurchase",
            userId: started.userId,
            checkoutSessionId: started.checkoutSessionId,
            pack: started.item as PackId,
            amount: started.credits,
            amountCents: paid.amountCents,
            currency: paid.currency,
          },
          actor,
        ),
      ),
      recorded,
    )

  /** A paid invoice of a plan: the plan's credits, whatever the invoice's order of arrival. */
  const invoicePaid = (
    userId: string,
    plan: PlanId,
    invoice: PaidInvoice,
    checkoutSessionId: string | null,
    actor: Actor,
  ) =>
    Effect.flatMap(
      Effect.either(
        accounts.execute(
          {
            _tag: "RecordSubscriptionInvoice",
            userId,
            subscriptionId: invoice.subscriptionId,
            plan,
            invoiceId: invoice.invoiceId,
            amount: planById(plan).credits,
            amountCents: invoice.amountCents,
            currency: invoice.currency,
            periodEnd: invoice.periodEnd,
            checkoutSessionId,
          },
          actor,
        ),
      ),
      recorded,
    )

  /** Renewals stop; the plan stays paid until `endsAt`. Repeated or stale reports change nothing. */
  const subscriptionCancelled = (
    userId: string,
    subscriptionId: string,
    endsAt: Date,
    actor: Actor,
  ) =>
    accounts.execute({ _tag: "CancelSubscription", userId, subscriptionId, endsAt }, actor).pipe(
      Effect.catchTag("NoActiveSubscription", () => Effect.void),
      Effect.orDie,
      Effect.asVoid,
    )

  const subscriptionEnded = (userId: string, subscriptionId: string, actor: Actor) =>
    accounts
      .execute({ _tag: "EndSubscription", userId, subscriptionId }, actor)
      .pipe(Effect.orDie, Effect.asVoid)

  const checkoutExpired = (sessionId: string, actor: Actor) =>
    cancelCheckout(sessionId, "expired", actor)

  /** A checkout's state at the provider, recorded if it is paid. */
  const settle = (found: Extract<Checkout, { status: "open" | "cancelled" }>, actor: Actor) =>
    Effect.gen(function* () {
      const { started } = found
      const state = yield* provider.checkoutState(started.checkoutSessionId)
      if (state.status !== "paid") return "pending" as const
      if (state.kind === "pack") return yield* packPaid(started, state, actor)
      return yield* invoicePaid(
        started.userId,
        started.item as PlanId,
        state.invoice,
        started.checkoutSessionId,
        actor,
      )
    })

  // What people do on the Credits page.

  const buyPack = (user: SignedInUser, payload: PaymentIntentPayload) =>
    Effect.gen(function* () {
      const matching = packMatching(payload.credits, payload.amount)
      const offer = payload.packId === undefined ? matching : packById(payload.packId)
      if (offer === undefined || matching?.id !== offer.id) {
        return yield* new UnknownOffer({
          message:
            "This pack does not exist. Choose one of the packs on the Credits page and try again.",
        })
      }
      return yield* openCheckout(user, "pack", offer)
    }).pipe(Effect.withSpan("Billing.buyPack"))

  const subscribe = (user: SignedInUser, plan: PlanId) =>
    Effect.gen(function* () {
      yield* accounts
        .execute({ _tag: "CheckSubscriptionCheckout", userId: user.userId }, actorOf(user))
        .pipe(
          Effect.catchTag("SubscriptionAlreadyActive", () => Effect.fail(activeSubscriptionExists)),
          Effect.catchAll((refusal) =>
            refusal._tag === "ActiveSubscriptionExists"
              ? Effect.fail(refusal)
              : Effect.die(refusal),
          ),
        )
      return yield* openCheckout(user, "subscription", planById(plan))
    }).pipe(Effect.withSpan("Billing.subscribe"))

  const status = (userId: string) =>
    Effect.map(accounts.load(userId), (account) => subscriptionStatus(account, new Date()))

  const cancelSubscription = (user: SignedInUser) =>
    Effect.gen(function* () {
      const current = (yield* accounts.load(user.userId)).subscription
      if (current?.status !== "active") return yield* noSubscription
      const { endsAt } = yield* provider.cancelAtPeriodEnd(current.id, current.renewsAt)
      yield* subscriptionCancelled(user.userId, current.id, endsAt, actorOf(user))
      return yield* status(user.userId)
    }).pipe(Effect.withSpan("Billing.cancelSubscription"))

  /** Returning from a subscription checkout: credits appear even if the webhook is late. */
  const verifySubscription = (user: SignedInUser, sessionId: string) =>
    Effect.gen(function* () {
      const found = yield* ownCheckout(user, sessionId)
      if (found.started.kind !== "subscription") {
        return yield* new NotASubscription({ message: "This payment is not a subscription." })
      }
      const plan = found.started.item as PlanId
      const answer = (status: Recorded | "pending") => ({
        status,
        planId: plan,
        credits: found.started.credits,
      })
      if ((yield* accounts.load(user.userId)).grants.includes(sessionId)) {
        return answer("already_processed")
      }
      return answer(yield* settle(found, actorOf(user)))
    }).pipe(Effect.withSpan("Billing.verifySubscription"))

  const verifyOneTime = (user: SignedInUser, sessionId: string) =>
    Effect.gen(function* () {
      const found = yield* ownCheckout(user, sessionId)
      const answer = (status: "success" | "pending") => ({
        status,
        creditAmount: found.started.credits,
      })
      if ((yield* accounts.load(user.userId)).grants.includes(sessionId)) return answer("success")
      const settled = yield* settle(found, actorOf(user))
      return answer(settled === "pending" ? "pending" : "success")
    }).pipe(Effect.withSpan("Billing.verifyOneTime"))

  return {
    loadCheckout,
    ownCheckout,
    cancelCheckout,
    packPaid,
    invoicePaid,
    subscriptionCancelled,
    subscriptionEnded,
    checkoutExpired,
    buyPack,
    subscribe,
    status,
    cancelSubscription,
    verifySubscription,
    verifyOneTime,
  }
})

/** Checkouts, subscriptions and the payment facts every provider reports. */
export class Payments extends Context.Tag("@melody/billing/Payments")<
  Payments,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(Payments, make)
}
