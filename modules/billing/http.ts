import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import {
  BillingApi,
  CheckoutDone,
  CheckoutRedirect,
  OneTimeVerification,
  SubscriptionVerification,
} from "./api.ts"
import { Billing } from "./billing.ts"

const Api = moduleApi(BillingApi)

const noWebhooks = new NotFound({ message: "Stripe is not configured here." })

export const BillingHttpLive = HttpApiBuilder.group(Api, "billing", (handlers) =>
  Effect.gen(function* () {
    const billing = yield* Billing

    return handlers
      .handle("priceList", () => Effect.succeed(billing.priceList))
      .handle("subscriptionStatus", () => Effect.flatMap(CurrentUser, billing.subscriptionStatus))
      .handle("createSubscription", ({ payload }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) => billing.subscribe(user, payload.planId)),
          (opened) => new CheckoutRedirect(opened),
        ),
      )
      .handle("cancelSubscription", () => Effect.flatMap(CurrentUser, billing.cancelSubscription))
      .handle("changePlan", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => billing.changePlan(user, payload.plan)),
      )
      .handle("createPaymentIntent", ({ payload }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) => billing.buyPack(user, payload)),
          (opened) => new CheckoutRedirect(opened),
        ),
      )
      .handle("verifySubscription", ({ urlParams }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) =>
            billing.verifySubscription(user, urlParams.sessionId),
          ),
          (verified) => new SubscriptionVerification(verified),
        ),
      )
      .handle("verifyOneTime", ({ urlParams }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) => billing.verifyOneTime(user, urlParams.sessionId)),
          (verified) => new OneTimeVerification(verified),
        ),
      )
      .handle("stripeWebhook", () =>
        Effect.gen(function* () {
          if (Option.isNone(billing.receiveStripeWebhook)) return yield* noWebhooks
          const request = yield* HttpServerRequest.HttpServerRequest
          const body = yield* Effect.orDie(request.arrayBuffer)
          yield* billing.receiveStripeWebhook.value(
            new Uint8Array(body),
            request.headers["stripe-signature"],
          )
          return { received: true }
        }),
      )
      .handle("offlineCheckout", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => billing.offlineCheckout(user, path.sessionId)),
      )
      .handle("payOfflineCheckout", ({ path }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) => billing.payOfflineCheckout(user, path.sessionId)),
          (done) => new CheckoutDone(done),
        ),
      )
      .handle("cancelOfflineCheckout", ({ path }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) =>
            billing.cancelOfflineCheckout(user, path.sessionId),
          ),
          (done) => new CheckoutDone(done),
        ),
      )
      .handle("ledger", ({ path, urlParams }) => billing.adminLedger(path.userId, urlParams))
      .handle("ledgerCsv", ({ path, urlParams }) => billing.adminLedgerCsv(path.userId, urlParams))
      .handle("ledgerStatement", ({ path, urlParams }) =>
        billing.adminStatement(path.userId, urlParams.month),
      )
      .handle("adjustCredits", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (admin) =>
          billing.requestAdjustment(admin, path.userId, payload),
        ),
      )
      .handle("pendingAdjustments", () => billing.pendingAdjustments)
      .handle("approveAdjustment", ({ path }) =>
        Effect.flatMap(CurrentUser, (admin) => billing.approveAdjustment(admin, path.adjustmentId)),
      )
      .handle("rejectAdjustment", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (admin) =>
          billing.rejectAdjustment(admin, path.adjustmentId, payload.reason),
        ),
      )
      .handle("payments", ({ path }) => billing.adminPayments(path.userId))
      .handle("refundPayment", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (admin) =>
          billing.refundPayment(admin, path.userId, path.paymentId, payload.amountCents),
        ),
      )
      .handle("openDispute", ({ path }) =>
        Effect.flatMap(CurrentUser, (admin) =>
          billing.openDispute(admin, path.userId, path.paymentId),
        ),
      )
      .handle("closeDispute", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (admin) =>
          billing.closeDispute(admin, path.userId, path.paymentId, payload.outcome),
        ),
      )
  }),
)
