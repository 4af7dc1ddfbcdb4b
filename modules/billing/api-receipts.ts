import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { PaymentProviderFailed } from "./api-refusals.ts"

/** One of the signed-in person's payments, as its receipt shows it, with what refunds gave back of it. */
export class ReceiptLine extends Schema.Class<ReceiptLine>("ReceiptLine")({
  /** Billing's name for the payment: a pack's checkout session, a plan's invoice. */
  paymentId: Schema.String,
  paidAt: Schema.Date,
  /** What was bought: "Pro pack: 150 credits". */
  description: Schema.String,
  credits: Schema.Int,
  /** Paid, tax included; `taxCents` of it is tax (0: none). */
  amountCents: Schema.Int,
  taxCents: Schema.Int,
  currency: Schema.String,
  refundedCents: Schema.Int,
  status: Schema.Literal("paid", "refunded", "partially_refunded"),
  /** The provider's invoice; both null in the test mode, whose receipts are the app's own page. */
  invoiceNumber: Schema.NullOr(Schema.String),
  invoiceUrl: Schema.NullOr(Schema.String),
}) {}

export class ReceiptList extends Schema.Class<ReceiptList>("ReceiptList")({
  /** Newest first. */
  receipts: Schema.Array(ReceiptLine),
}) {}

/** Where the browser goes to manage the card, invoices and plan at the payment provider. */
export class BillingPortal extends Schema.Class<BillingPortal>("BillingPortal")({
  url: Schema.String,
}) {}

/** The person has paid nothing through the provider yet, so it has no billing account to manage. */
export class NoBillingAccount extends Schema.TaggedError<NoBillingAccount>()(
  "NoBillingAccount",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

const PaymentPath = Schema.Struct({ paymentId: Schema.String.pipe(Schema.maxLength(255)) })

/** The signed-in person's own invoices and receipts, and the provider's self-service portal. */
export class ReceiptsApi extends HttpApiGroup.make("receipts")
  .add(
    HttpApiEndpoint.get("receipts", "/billing/invoices")
      .addSuccess(ReceiptList)
      .middleware(Authenticated),
  )
  .add(
    // Another person's payment is not found: nobody learns that it exists.
    HttpApiEndpoint.get("receipt", "/billing/invoices/:paymentId")
      .setPath(PaymentPath)
      .addSuccess(ReceiptLine)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    // Not found without Stripe: the test mode has no portal.
    HttpApiEndpoint.post("billingPortal", "/billing/portal")
      .addSuccess(BillingPortal)
      .addError(NotFound)
      .addError(NoBillingAccount)
      .addError(PaymentProviderFailed)
      .middleware(Authenticated),
  ) {}
