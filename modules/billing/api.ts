import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly, Authenticated } from "#events/contracts/auth.ts"
import { PackId, PlanId } from "#events/contracts/billing.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { withMessage } from "#events/contracts/messages.ts"
import { LedgerEntry } from "#projections/credit-ledger/api.ts"

// Answers

export class SubscriptionStatus extends Schema.Class<SubscriptionStatus>("SubscriptionStatus")({
  /** Cancelled: paid until `endsAt`, not renewing. */
  status: Schema.Literal("active", "cancelled", "inactive"),
  plan: Schema.NullOr(PlanId),
  renewsAt: Schema.NullOr(Schema.Date),
  endsAt: Schema.NullOr(Schema.Date),
}) {}

export class CheckoutRedirect extends Schema.Class<CheckoutRedirect>("CheckoutRedirect")({
  /** Where the browser goes to pay. */
  url: Schema.String,
  sessionId: Schema.String,
}) {}

export class SubscriptionVerification extends Schema.Class<SubscriptionVerification>(
  "SubscriptionVerification",
)({
  status: Schema.Literal("processed", "already_processed", "pending"),
  planId: Schema.NullOr(PlanId),
  credits: Schema.Int,
}) {}

export class OneTimeVerification extends Schema.Class<OneTimeVerification>("OneTimeVerification")({
  status: Schema.Literal("success", "pending"),
  creditAmount: Schema.Int,
}) {}

export class Offer extends Schema.Class<Offer>("Offer")({
  id: Schema.String,
  name: Schema.String,
  credits: Schema.Int,
  priceCents: Schema.Int,
}) {}

export class PriceList extends Schema.Class<PriceList>("PriceList")({
  currency: Schema.String,
  songCost: Schema.Int,
  packs: Schema.Array(Offer),
  plans: Schema.Array(Offer),
  /** Payments go to the local test-mode checkout: no card is charged. */
  testMode: Schema.Boolean,
}) {}

/** A checkout of the offline test mode, as its page shows it. */
export class LocalCheckout extends Schema.Class<LocalCheckout>("LocalCheckout")({
  sessionId: Schema.String,
  kind: Schema.Literal("pack", "subscription"),
  description: Schema.String,
  credits: Schema.Int,
  amountCents: Schema.Int,
  currency: Schema.String,
  status: Schema.Literal("open", "paid", "cancelled"),
}) {}

export class CheckoutDone extends Schema.Class<CheckoutDone>("CheckoutDone")({
  /** Back to the Credits page, as a payment provider would send the buyer. */
  redirectUrl: Schema.String,
}) {}

export class Ledger extends Schema.Class<Ledger>("Ledger")({
  userId: Schema.String,
  balance: Schema.Int,
  entries: Schema.Array(LedgerEntry),
}) {}

export class Adjusted extends Schema.Class<Adjusted>("Adjusted")({
  balance: Schema.Int,
}) {}

// Refusals

export class ActiveSubscriptionExists extends Schema.TaggedError<ActiveSubscriptionExists>()(
  "ActiveSubscriptionExists",
  { title: Schema.String, message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export const activeSubscriptionExists = new ActiveSubscriptionExists({
  title: "Active Subscription Exists",
  message: "You already have an active subscription. Cancel it first to change plans.",
})

export class UnknownOffer extends Schema.TaggedError<UnknownOffer>()(
  "UnknownOffer",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class CheckoutClosed extends Schema.TaggedError<CheckoutClosed>()(
  "CheckoutClosed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class NotASubscription extends Schema.TaggedError<NotASubscription>()(
  "NotASubscription",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class InvalidAdjustment extends Schema.TaggedError<InvalidAdjustment>()(
  "InvalidAdjustment",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** The payment provider failed or could not be reached; nothing was charged or recorded. */
export class PaymentProviderFailed extends Schema.TaggedError<PaymentProviderFailed>()(
  "PaymentProviderFailed",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 502 }),
) {}

export class InvalidWebhook extends Schema.TaggedError<InvalidWebhook>()(
  "InvalidWebhook",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

// Payloads

const unknownPack =
  "This pack does not exist. Choose one of the packs on the Credits page and try again."

/** The spec's payload: a pack named by its credits and price, both checked against the server's. */
export const PaymentIntentPayload = Schema.Struct({
  amount: withMessage(Schema.Number.pipe(Schema.positive()), unknownPack),
  credits: withMessage(Schema.Int.pipe(Schema.positive()), unknownPack),
  description: Schema.optionalWith(Schema.String.pipe(Schema.maxLength(200)), { exact: true }),
  packId: Schema.optionalWith(withMessage(PackId, unknownPack), { exact: true }),
})
export type PaymentIntentPayload = typeof PaymentIntentPayload.Type

export const SubscriptionPayload = Schema.Struct({
  planId: Schema.propertySignature(
    withMessage(PlanId, "Choose one of the plans: BASIC, PRO or PREMIUM."),
  ).annotations({ missingMessage: () => "Choose one of the plans: BASIC, PRO or PREMIUM." }),
})

const sessionIdMessage = "The payment session id is missing."
export const SessionIdParams = Schema.Struct({
  sessionId: Schema.propertySignature(
    withMessage(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(255)), sessionIdMessage),
  ).annotations({ missingMessage: () => sessionIdMessage }),
})

const adjustmentAmount =
  "The amount must be a whole number of credits, not 0, at most 100000 either way."
export const AdjustmentPayload = Schema.Struct({
  amount: withMessage(
    Schema.Int.pipe(
      Schema.between(-100_000, 100_000),
      Schema.filter((n) => n !== 0),
    ),
    adjustmentAmount,
  ),
  reason: withMessage(
    Schema.Trim.pipe(Schema.minLength(3), Schema.maxLength(500)),
    "Give a reason of 3 to 500 characters: finance reads it.",
  ),
})

const UserIdPath = Schema.Struct({ userId: Schema.String.pipe(Schema.maxLength(100)) })
const SessionPath = Schema.Struct({ sessionId: Schema.String.pipe(Schema.maxLength(255)) })

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
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("localCheckout", "/checkout/:sessionId")
      .setPath(SessionPath)
      .addSuccess(LocalCheckout)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("payLocalCheckout", "/checkout/:sessionId/pay")
      .setPath(SessionPath)
      .addSuccess(CheckoutDone)
      .addError(NotFound)
      .addError(CheckoutClosed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("cancelLocalCheckout", "/checkout/:sessionId/cancel")
      .setPath(SessionPath)
      .addSuccess(CheckoutDone)
      .addError(NotFound)
      .addError(CheckoutClosed)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("ledger", "/admin/ledger/:userId")
      .setPath(UserIdPath)
      .addSuccess(Ledger)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("ledgerCsv", "/admin/ledger/:userId/csv")
      .setPath(UserIdPath)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv" }))
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("adjustCredits", "/admin/ledger/:userId/adjustments")
      .setPath(UserIdPath)
      .setPayload(AdjustmentPayload)
      .addSuccess(Adjusted)
      .addError(InvalidAdjustment)
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Credits, packs, subscriptions and payments; the credit ledger for finance.",
  ) {}
