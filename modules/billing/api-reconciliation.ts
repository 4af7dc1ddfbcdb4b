import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly } from "#api/auth.ts"

// What reconciliation with the payment provider answers: the differences by kind and the totals.

export const MoneyObjectKind = Schema.Literal("charge", "refund", "dispute")

export const DifferenceKind = Schema.Literal(
  "missing_in_ledger",
  "missing_at_provider",
  "amount_differs",
  "currency_differs",
  "credits_differ_from_offer",
)
export type DifferenceKind = typeof DifferenceKind.Type

/** One object the provider and the ledger do not agree on; null where one side has nothing to say. */
export class ReconciliationDifference extends Schema.Class<ReconciliationDifference>(
  "ReconciliationDifference",
)({
  kind: DifferenceKind,
  object: MoneyObjectKind,
  /** The provider's charge, refund or dispute (for a refund or dispute only the ledger has: its id there). */
  providerId: Schema.NullOr(Schema.String),
  /** The payment as billing names it (a checkout session or an invoice). */
  paymentId: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(Schema.String),
  /** The day (UTC) of the provider's object, or of the ledger's entry when the provider has none. */
  day: Schema.String,
  providerCents: Schema.NullOr(Schema.Int),
  providerCurrency: Schema.NullOr(Schema.String),
  ledgerCents: Schema.NullOr(Schema.Int),
  ledgerCurrency: Schema.NullOr(Schema.String),
  credits: Schema.NullOr(Schema.Int),
  offerCredits: Schema.NullOr(Schema.Int),
}) {}

/** The money of one day, currency and kind of object at the provider and in the ledger. */
export class ReconciliationTotal extends Schema.Class<ReconciliationTotal>("ReconciliationTotal")({
  day: Schema.String,
  currency: Schema.String,
  object: MoneyObjectKind,
  providerCount: Schema.Int,
  providerCents: Schema.Int,
  ledgerCount: Schema.Int,
  ledgerCents: Schema.Int,
}) {}

/** A reconciliation of the days `from` to `to` (both included, UTC) against Stripe or the test mode. */
export class Reconciliation extends Schema.Class<Reconciliation>("Reconciliation")({
  from: Schema.String,
  to: Schema.String,
  source: Schema.Literal("stripe", "test-mode"),
  ranAt: Schema.Date,
  /** Objects found on both sides and alike. */
  matched: Schema.Int,
  differenceCount: Schema.Int,
  /** The first differences (all of them unless there are very many: `differenceCount` says). */
  differences: Schema.Array(ReconciliationDifference),
  totals: Schema.Array(ReconciliationTotal),
}) {}

/** The last scheduled reconciliation, if one ran. */
export const LatestReconciliation = Schema.NullOr(Reconciliation)

export class InvalidReconciliationPeriod extends Schema.TaggedError<InvalidReconciliationPeriod>()(
  "InvalidReconciliationPeriod",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** The days to reconcile, both included: `from=2026-03-01&to=2026-03-31`. */
export const ReconciliationParams = Schema.Struct({
  from: Schema.String.pipe(Schema.maxLength(40)),
  to: Schema.String.pipe(Schema.maxLength(40)),
})

/** Finance's reconciliation of the ledger with the payment provider: administrators only. */
export class ReconciliationApi extends HttpApiGroup.make("reconciliation")
  .add(
    HttpApiEndpoint.get("reconcile", "/admin/reconciliation")
      .setUrlParams(ReconciliationParams)
      .addSuccess(Reconciliation)
      .addError(InvalidReconciliationPeriod)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("reconciliationCsv", "/admin/reconciliation/csv")
      .setUrlParams(ReconciliationParams)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv" }))
      .addError(InvalidReconciliationPeriod)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("latestReconciliation", "/admin/reconciliation/latest")
      .addSuccess(LatestReconciliation)
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Every charge, refund and dispute at the payment provider matched with the credit ledger.",
  ) {}
