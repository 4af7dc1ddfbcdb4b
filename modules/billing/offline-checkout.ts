import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import type { Actor } from "#events/contracts/actor.ts"
import type { CheckoutStarted, PlanId } from "#events/contracts/billing.ts"
import { now } from "#toolkit/clock.ts"
import { ActiveSubscriptionExists, CheckoutClosed, OfflineCheckout } from "./api.ts"
import { describeMoney, describeOffer, offerNames } from "./api-offers.ts"
import type { CheckoutCommand } from "./checkout-decider.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { addMonth } from "./months.ts"
import type { OfflineCheckoutShape } from "./offline-checkout-shape.ts"
import { offlineId } from "./offline-ids.ts"
import { makeOfflineRenewals } from "./offline-renewals.ts"
import { PaymentProvider } from "./payment-provider.ts"
import { Payments, providerActor } from "./payments.ts"
import { makeTestModeRecords } from "./test-mode-records.ts"

const noTestMode = new NotFound({
  message: "There is no test-mode checkout here: payments go through Stripe.",
})

const make = Effect.gen(function* () {
  const provider = yield* PaymentProvider
  const payments = yield* Payments
  const accounts = yield* CreditAccounts
  const records = yield* makeTestModeRecords

  const offlineOnly = provider.name === "offline" ? Effect.void : Effect.fail(noTestMode)

  const creditsPage = (query: string) => `/credits?${query}`

  const view = (user: SignedInUser, sessionId: string) =>
    Effect.gen(function* () {
      yield* offlineOnly
      const { started, status } = yield* payments.ownCheckout(user, sessionId)
      const account = yield* accounts.load(user.userId)
      const paid = account.grants.includes(sessionId)
      const refunded = account.declined.some((d) => d.checkoutSessionId === sessionId)
      return new OfflineCheckout({
        sessionId,
        kind: started.kind,
        description: describeOffer(started.kind, started.item, started.credits),
        credits: started.credits,
        amountCents: started.amountCents,
        currency: started.currency,
        status: refunded
          ? "refunded"
          : paid || status === "paid"
            ? "paid"
            : status === "cancelled"
              ? "cancelled"
              : "open",
      })
    })

  const cancelledFirst = new CheckoutClosed({
    message: "This checkout was cancelled. Start a new one from the Credits page.",
  })
  const paidFirst = new CheckoutClosed({ message: "This checkout is already paid." })

  const decide = (sessionId: string, command: CheckoutCommand, actor: Actor) =>
    payments
      .runCheckout(sessionId, command, actor)
      .pipe(
        Effect.catchAll((refusal) =>
          refusal._tag === "CheckoutAlreadyCancelled"
            ? Effect.fail(cancelledFirst)
            : refusal._tag === "CheckoutAlreadyPaid"
              ? Effect.fail(paidFirst)
              : Effect.die(refusal),
        ),
      )

  /** A plan paid while another was active: the account declined it, and its payment goes back. */
  const secondPlanRefunded = (started: CheckoutStarted) =>
    Effect.flatMap(accounts.load(started.userId), ({ subscription }) => {
      const active = subscription ? `an active ${offerNames[subscription.plan]} plan` : "a plan"
      const payment = describeMoney(started.amountCents, started.currency)
      return Effect.fail(
        new ActiveSubscriptionExists({
          title: "Active Subscription Exists",
          message: `You already have ${active}, so the ${offerNames[started.item]} plan was not started: its payment of ${payment} is being refunded in full.`,
        }),
      )
    })

  const pay = Effect.fn("OfflineCheckout.pay")(function* (user: SignedInUser, sessionId: string) {
    yield* offlineOnly
    const { started } = yield* payments.ownCheckout(user, sessionId)
    const actor = providerActor("offline")
    const account = yield* accounts.load(user.userId)
    if (account.declined.some((d) => d.checkoutSessionId === sessionId)) {
      return yield* secondPlanRefunded(started)
    }
    const granted = account.grants.includes(sessionId)
    // Unlike a real card network, the test mode can refuse before charging. Two payments at once can
    // both get past this look: the account then declines the second, and it is refunded.
    if (started.kind === "subscription" && !granted && account.subscription?.status === "active") {
      return yield* new CheckoutClosed({
        message: "You already have an active subscription. Cancel it first to change plans.",
      })
    }
    yield* decide(sessionId, { _tag: "PayCheckout" }, actorOf(user))
    const { amountCents, currency } = started
    if (started.kind === "pack") {
      yield* records.record({
        object: "charge",
        id: sessionId,
        paymentId: sessionId,
        amountCents,
        currency,
      })
      yield* payments.packPaid(started, started, actor)
    } else if (!granted) {
      const subscriptionId = offlineId("sub", sessionId)
      const invoiceId = offlineId("in", `${subscriptionId}/1`)
      yield* records.record({
        object: "charge",
        id: invoiceId,
        paymentId: invoiceId,
        amountCents,
        currency,
      })
      const recorded = yield* payments.invoicePaid(
        user.userId,
        started.item as PlanId,
        {
          subscriptionId,
          invoiceId,
          periodEnd: addMonth(yield* now),
          amountCents: started.amountCents,
          currency: started.currency,
        },
        sessionId,
        actor,
      )
      if (recorded === "declined") return yield* secondPlanRefunded(started)
    }
    return {
      redirectUrl: creditsPage(`success=true&session_id=${encodeURIComponent(sessionId)}`),
    }
  })

  const cancel = (user: SignedInUser, sessionId: string) =>
    Effect.gen(function* () {
      yield* offlineOnly
      yield* payments.ownCheckout(user, sessionId)
      if ((yield* accounts.load(user.userId)).grants.includes(sessionId)) return yield* paidFirst
      yield* decide(sessionId, { _tag: "CancelCheckout", reason: "cancelled" }, actorOf(user))
      return { redirectUrl: creditsPage("canceled=true") }
    })

  return {
    view,
    pay,
    cancel,
    renewSubscriptions: yield* makeOfflineRenewals,
  } satisfies OfflineCheckoutShape
})

/** The offline test mode's checkout page and its monthly renewals (see offline-checkout-shape.ts). */
export class OfflineCheckoutService extends Context.Tag("@melody/billing/OfflineCheckout")<
  OfflineCheckoutService,
  OfflineCheckoutShape
>() {
  static readonly live = Layer.effect(OfflineCheckoutService, make)
}
