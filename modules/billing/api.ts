import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly, Authenticated } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import {
  Adjusted,
  AdminPayments,
  CheckoutDone,
  CheckoutRedirect,
  Ledger,
  OfflineCheckout,
  OneTimeVerification,
  PendingAdjustments,
  PriceList,
  Reversed,
  Statement,
  SubscriptionStatus,
  SubscriptionVerification,
} from "./api-answers.ts"
import {
  AdjustmentPath,
  AdjustmentPayload,
  DisputeClosePayload,
  LedgerParams,
  PaymentIntentPayload,
  PaymentPath,
  PlanChangePayload,
  RefundPayload,
  RejectionPayload,
  SessionIdParams,
  SessionPath,
  StatementParams,
  SubscriptionPayload,
  UserIdPath,
} from "./api-payloads.ts"

export * from "./api-reconciliation.ts"

import {
  ActiveSubscriptionExists,
  AdjustmentSettled,
  CheckoutClosed,
  DisputeRefused,
  InvalidAdjustment,
  InvalidLedgerQuery,
  InvalidRefund,
  InvalidWebhook,
  NotASubscription,
  OwnAdjustment,
  PaymentNotRecorded,
  PaymentProviderFailed,
  PlanChangeNotAllowed,
  UnknownOffer,
} from "./api-refusals.ts"

export * from "./api-answers.ts"
export * from "./api-free-credits.ts"
export * from "./api-payloads.ts"
export * from "./api-receipts.ts"
export * from "./api-refusals.ts"

export class BillingApi extends HttpApiGroup.make("billing")
  .add(HttpApiEndpoint.get("priceList", "/billing/catalog").addSuccess(PriceList))
  .add(
    HttpApiEndpoint.get("subscriptionStatus", "/subscription/status")
      .addSuccess(SubscriptionStatus)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("createSubscription", "/subscription/create")
      .setPayload(SubscriptionPayload)
      .addSuccess(CheckoutRedirect)
      .addError(ActiveSubscriptionExists)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("cancelSubscription", "/subscription/cancel")
      .addSuccess(SubscriptionStatus)
      .addError(NotFound)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("changePlan", "/subscription/change")
      .setPayload(PlanChangePayload)
      .addSuccess(SubscriptionStatus)
      .addError(NotFound)
      .addError(PlanChangeNotAllowed)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("createPaymentIntent", "/payments/create-payment-intent")
      .setPayload(PaymentIntentPayload)
      .addSuccess(CheckoutRedirect)
      .addError(UnknownOffer)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("verifySubscription", "/payments/verify-subscription")
      .setUrlParams(SessionIdParams)
      .addSuccess(SubscriptionVerification)
      .addError(NotFound)
      .addError(NotASubscription)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("verifyOneTime", "/payments/verify-onetime")
      .setUrlParams(SessionIdParams)
      .addSuccess(OneTimeVerification)
      .addError(NotFound)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  )
  .add(
    // Stripe calls this; the body is read raw, because the signature covers its exact bytes.
    HttpApiEndpoint.post("stripeWebhook", "/payments/webhook")
      .addSuccess(Schema.Struct({ received: Schema.Boolean }))
      .addError(InvalidWebhook)
      .addError(PaymentNotRecorded)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("offlineCheckout", "/checkout/:sessionId")
      .setPath(SessionPath)
      .addSuccess(OfflineCheckout)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("payOfflineCheckout", "/checkout/:sessionId/pay")
      .setPath(SessionPath)
      .addSuccess(CheckoutDone)
      .addError(NotFound)
      .addError(CheckoutClosed)
      .addError(ActiveSubscriptionExists)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("cancelOfflineCheckout", "/checkout/:sessionId/cancel")
      .setPath(SessionPath)
      .addSuccess(CheckoutDone)
      .addError(NotFound)
      .addError(CheckoutClosed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("ledger", "/admin/ledger/:userId")
      .setPath(UserIdPath)
      .setUrlParams(LedgerParams)
      .addSuccess(Ledger)
      .addError(InvalidLedgerQuery)
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("ledgerCsv", "/admin/ledger/:userId/csv")
      .setPath(UserIdPath)
      .setUrlParams(LedgerParams)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv" }))
      .addError(InvalidLedgerQuery)
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("ledgerStatement", "/admin/ledger/:userId/statement")
      .setPath(UserIdPath)
      .setUrlParams(StatementParams)
      .addSuccess(Statement)
      .addError(InvalidLedgerQuery)
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("adjustCredits", "/admin/ledger/:userId/adjustments")
      .setPath(UserIdPath)
      .setPayload(AdjustmentPayload)
      .addSuccess(Adjusted)
      .addError(InvalidAdjustment)
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("pendingAdjustments", "/admin/adjustments/pending")
      .addSuccess(PendingAdjustments)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("approveAdjustment", "/admin/adjustments/:adjustmentId/approval")
      .setPath(AdjustmentPath)
      .addSuccess(Adjusted)
      .addError(NotFound)
      .addError(OwnAdjustment)
      .addError(AdjustmentSettled)
      .addError(InvalidAdjustment)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("rejectAdjustment", "/admin/adjustments/:adjustmentId/rejection")
      .setPath(AdjustmentPath)
      .setPayload(RejectionPayload)
      .addSuccess(Adjusted)
      .addError(NotFound)
      .addError(AdjustmentSettled)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("payments", "/admin/ledger/:userId/payments")
      .setPath(UserIdPath)
      .addSuccess(AdminPayments)
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    // The test mode's refunds and disputes: with Stripe, they are made in Stripe's dashboard.
    HttpApiEndpoint.post("refundPayment", "/admin/ledger/:userId/payments/:paymentId/refunds")
      .setPath(PaymentPath)
      .setPayload(RefundPayload)
      .addSuccess(Reversed)
      .addError(NotFound)
      .addError(InvalidRefund)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("openDispute", "/admin/ledger/:userId/payments/:paymentId/disputes")
      .setPath(PaymentPath)
      .addSuccess(Reversed)
      .addError(NotFound)
      .addError(DisputeRefused)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("closeDispute", "/admin/ledger/:userId/payments/:paymentId/disputes/close")
      .setPath(PaymentPath)
      .setPayload(DisputeClosePayload)
      .addSuccess(Reversed)
      .addError(NotFound)
      .addError(DisputeRefused)
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Credits, packs, subscriptions and payments; the credit ledger for finance.",
  ) {}
