import { Schema } from "effect"
import { withMessage } from "#api/messages.ts"
import { PackId, PlanId } from "#events/contracts/billing.ts"

// What billing's endpoints accept, with the spec's messages.

/** A subscriber's change of plan: the plan they want. */
export const PlanChangePayload = Schema.Struct({
  plan: Schema.propertySignature(
    withMessage(PlanId, "Choose one of the plans: BASIC, PRO or PREMIUM."),
  ).annotations({ missingMessage: () => "Choose one of the plans: BASIC, PRO or PREMIUM." }),
})

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
const adjustmentReason = withMessage(
  Schema.Trim.pipe(Schema.minLength(3), Schema.maxLength(500)),
  "Give a reason of 3 to 500 characters: finance reads it.",
)
export const AdjustmentPayload = Schema.Struct({
  amount: withMessage(
    Schema.Int.pipe(
      Schema.between(-100_000, 100_000),
      Schema.filter((n) => n !== 0),
    ),
    adjustmentAmount,
  ),
  reason: adjustmentReason,
  ticket: Schema.optionalWith(
    Schema.NullOr(
      withMessage(
        Schema.Trim.pipe(Schema.maxLength(100)),
        "A ticket reference is at most 100 characters.",
      ),
    ),
    { exact: true },
  ),
})

/** Why a pending adjustment is rejected: its requester and finance read it. */
export const RejectionPayload = Schema.Struct({ reason: adjustmentReason })

/** A test-mode refund: all that is left of the payment, or `amountCents` of it. */
export const RefundPayload = Schema.Struct({
  amountCents: Schema.optionalWith(
    withMessage(
      Schema.Int.pipe(Schema.between(1, 100_000_00)),
      "The amount must be a whole number of cents above 0.",
    ),
    { exact: true },
  ),
})

export const DisputeClosePayload = Schema.Struct({
  outcome: withMessage(Schema.Literal("won", "lost"), "Say whether the dispute was won or lost."),
})

/** The ledger's filters, read by the server (see ledger-query.ts) so that each refusal names its parameter. */
export const LedgerParams = Schema.Struct({
  cause: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  from: Schema.optional(Schema.String.pipe(Schema.maxLength(40))),
  to: Schema.optional(Schema.String.pipe(Schema.maxLength(40))),
  offset: Schema.optional(Schema.String.pipe(Schema.maxLength(20))),
  limit: Schema.optional(Schema.String.pipe(Schema.maxLength(20))),
})

export const StatementParams = Schema.Struct({
  month: Schema.String.pipe(Schema.maxLength(40)),
})

/** The paths of billing's endpoints: a person, an adjustment, a checkout session, a person's payment. */
export const UserIdPath = Schema.Struct({ userId: Schema.String.pipe(Schema.maxLength(100)) })
export const AdjustmentPath = Schema.Struct({
  adjustmentId: Schema.String.pipe(Schema.maxLength(100)),
})
export const SessionPath = Schema.Struct({ sessionId: Schema.String.pipe(Schema.maxLength(255)) })
export const PaymentPath = Schema.Struct({
  userId: Schema.String.pipe(Schema.maxLength(100)),
  paymentId: Schema.String.pipe(Schema.maxLength(255)),
})
