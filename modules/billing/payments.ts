import { Context, Effect, Layer } from "effect"
import { type Actor, Actors } from "#events/contracts/actor.ts"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import {
  billingStreams,
  CheckoutEvent,
  type PackId,
  type PlanId,
} from "#events/contracts/billing.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { fold } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { activeSubscriptionExists, type PaymentIntentPayload, UnknownOffer } from "./api.ts"
import { type Checkout, type CheckoutCommand, checkout } from "./checkout.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { makePaymentFacts } from "./payment-facts.ts"
import { PaymentProvider } from "./payment-provider.ts"
import type { PaymentsShape, StartedCheckout } from "./payments-shape.ts"
import { describeOffer, type Offer, packById, packMatching, planById } from "./price-list.ts"
import { subscriptionStatus } from "./subscription-status.ts"

/** Events a payment provider reports are recorded as this actor. */
export const providerActor = (name: "stripe" | "local") => Actors.system(`payments:${name}`)

const paymentNotFound = new NotFound({ message: "We could not find this payment." })
const noSubscription = new NotFound({ message: "You have no active subscription." })

const decodeCheckout = decodeAll(CheckoutEvent)

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const accounts = yield* CreditAccounts
  const provider = yield* PaymentProvider
  const config = yield* BillingConfig
  const { packPaid, invoicePaid } = yield* makePaymentFacts

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

  const cancelCheckout = (sessionId: string, reason: "cancelled" | "expired", actor: Actor) =>
    runCheckout(sessionId, { _tag: "CancelCheckout", reason }, actor).pipe(
      Effect.catchAll((refusal) =>
        refusal._tag === "NoSuchCheckout" || refusal._tag === "CheckoutAlreadyPaid"
          ? Effect.void
          : Effect.die(refusal),
      ),
      Effect.asVoid,
    )

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
      ).pipe(Effect.catchAll(Effect.die))
      return opened
    })

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

  const settle = (found: StartedCheckout, actor: Actor) =>
    Effect.gen(function* () {
      const { started } = found
      const state = yield* provider.checkoutState(started.checkoutSessionId)
      if (state.status !== "paid") return "pending" as const
      const outcome =
        state.kind === "pack"
          ? yield* packPaid(started, state, actor)
          : yield* invoicePaid(
              started.userId,
              started.item as PlanId,
              state.invoice,
              started.checkoutSessionId,
              actor,
            )
      return outcome === "mismatched" ? ("pending" as const) : outcome
    })

  // What people do on the Credits page.

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

  return {
    loadCheckout,
    ownCheckout,
    runCheckout,
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
    settle,
  } satisfies PaymentsShape
})

/** Checkouts, subscriptions and payment facts (see payments-shape.ts for each function's contract). */
export class Payments extends Context.Tag("@melody/billing/Payments")<Payments, PaymentsShape>() {
  static readonly live = Layer.effect(Payments, make)
}
