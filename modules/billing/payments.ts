import { Context, Effect, Layer, Schema } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { type Actor, Actors } from "#events/contracts/actor.ts"
import { PaymentProviderName, type PlanId } from "#events/contracts/billing.ts"
import { now } from "#toolkit/clock.ts"
import {
  activeSubscriptionExists,
  type PaymentIntentPayload,
  PlanChangeNotAllowed,
  UnknownOffer,
} from "./api.ts"
import { makeCheckouts } from "./checkouts.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { PlanChangeRefused } from "./credit-refusals.ts"
import { makePaymentFacts } from "./payment-facts.ts"
import { PaymentProvider } from "./payment-provider.ts"
import type { PaymentsShape } from "./payments-shape.ts"
import { planChange } from "./plan-changes.ts"
import { packById, packMatching, planById } from "./price-list.ts"
import { subscriptionStatus } from "./subscription-status.ts"
import { makeUpgradeInvoices } from "./upgrade-invoices.ts"

/**
 * Events a payment provider reports are recorded as this actor, named with the provider's stored word (the
 * offline checkout's is "local"), so that one provider is one actor across the whole history.
 */
export const providerActor = (name: PaymentProviderName) =>
  Actors.system(`payments:${Schema.encodeSync(PaymentProviderName)(name)}`)

const noSubscription = new NotFound({ message: "You have no active subscription." })

const make = Effect.gen(function* () {
  const accounts = yield* CreditAccounts
  const provider = yield* PaymentProvider
  const { packPaid, invoicePaid } = yield* makePaymentFacts
  const checkouts = yield* makeCheckouts
  const { openCheckout } = checkouts
  const { upgradePaid } = yield* makeUpgradeInvoices

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

  const buyPack = Effect.fn("Billing.buyPack")(function* (
    user: SignedInUser,
    payload: PaymentIntentPayload,
  ) {
    const matching = packMatching(payload.credits, payload.amount)
    const offer = payload.packId === undefined ? matching : packById(payload.packId)
    if (offer === undefined || matching?.id !== offer.id) {
      return yield* new UnknownOffer({
        message:
          "This pack does not exist. Choose one of the packs on the Credits page and try again.",
      })
    }
    return yield* openCheckout(user, "pack", offer)
  })

  const subscribe = Effect.fn("Billing.subscribe")(function* (user: SignedInUser, plan: PlanId) {
    yield* accounts
      .execute({ _tag: "CheckSubscriptionCheckout", userId: user.userId }, actorOf(user))
      .pipe(
        Effect.catchTag("SubscriptionAlreadyActive", () => Effect.fail(activeSubscriptionExists)),
        Effect.catchAll((refusal) =>
          refusal._tag === "ActiveSubscriptionExists" ? Effect.fail(refusal) : Effect.die(refusal),
        ),
      )
    return yield* openCheckout(user, "subscription", planById(plan))
  })

  const status = (userId: string) => Effect.zipWith(accounts.load(userId), now, subscriptionStatus)

  const cancelSubscription = Effect.fn("Billing.cancelSubscription")(function* (
    user: SignedInUser,
  ) {
    const current = (yield* accounts.load(user.userId)).subscription
    if (current?.status !== "active") return yield* noSubscription
    const { endsAt } = yield* provider.cancelAtPeriodEnd(current.id, current.renewsAt)
    yield* subscriptionCancelled(user.userId, current.id, endsAt, actorOf(user))
    return yield* status(user.userId)
  })

  const changePlan = Effect.fn("Billing.changePlan")(function* (user: SignedInUser, plan: PlanId) {
    const current = (yield* accounts.load(user.userId)).subscription
    if (current === null) return yield* noSubscription
    const effective = planChange(current, plan)
    if (effective instanceof PlanChangeRefused) {
      return yield* new PlanChangeNotAllowed({ message: effective.message })
    }
    const at = yield* now
    const change = { fromPlan: current.plan, toPlan: plan }
    const { invoice } = yield* provider.changePlan({
      ...change,
      userId: user.userId,
      subscriptionId: current.id,
      effective,
      renewsAt: current.renewsAt,
      now: at,
    })
    const changeId = `${current.id}/${plan}/${at.toISOString()}`
    yield* accounts
      .execute(
        {
          _tag: "ChangePlan",
          userId: user.userId,
          changeId,
          subscriptionId: current.id,
          toPlan: plan,
          at,
        },
        actorOf(user),
      )
      .pipe(Effect.orDie)
    if (invoice !== null)
      yield* upgradePaid(user.userId, change, invoice, providerActor(provider.name))
    return yield* status(user.userId)
  })

  return {
    ...checkouts,
    changePlan,
    upgradePaid,
    packPaid,
    invoicePaid,
    subscriptionCancelled,
    subscriptionEnded,
    buyPack,
    subscribe,
    status,
    cancelSubscription,
  } satisfies PaymentsShape
})

/** Checkouts, subscriptions and payment facts (see payments-shape.ts for each function's contract). */
export class Payments extends Context.Tag("@melody/billing/Payments")<Payments, PaymentsShape>() {
  static readonly live = Layer.effect(Payments, make)
}
