import { Effect } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import type { Actor } from "#events/contracts/actor.ts"
import {
  billingStreams,
  CheckoutEvent,
  type PackId,
  type PlanId,
} from "#events/contracts/billing.ts"
import { fold } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { describeOffer } from "./api-offers.ts"
import { type Checkout, type CheckoutCommand, checkout } from "./checkout-decider.ts"
import { BillingConfig } from "./config.ts"
import { makePaymentFacts } from "./payment-facts.ts"
import { PaymentProvider } from "./payment-provider.ts"
import type { StartedCheckout } from "./payments-shape.ts"
import type { Offer } from "./price-list.ts"

const paymentNotFound = new NotFound({ message: "We could not find this payment." })
const decodeCheckout = decodeAll(CheckoutEvent)

/** Checkouts as billing records them: opened for an offer, settled from the provider's state, cancelled. */
export const makeCheckouts = Effect.gen(function* () {
  const store = yield* EventStore
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
      const description = describeOffer(kind, offer.id, offer.credits)
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

  return {
    loadCheckout,
    ownCheckout,
    runCheckout,
    cancelCheckout,
    checkoutExpired,
    openCheckout,
    settle,
  }
})
