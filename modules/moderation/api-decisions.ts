import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly, Authenticated } from "#api/auth.ts"
import { trimmedText, withMessage } from "#api/messages.ts"
import { NotFound } from "#api/refusals.ts"
import { Outcome, ReportedKind } from "#events/contracts/moderation.ts"

const kinds = ReportedKind.literals.join(", ")
const item = {
  kind: withMessage(ReportedKind, `kind must be one of: ${kinds}`),
  id: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(255)),
    "id must name the item",
  ),
}
const reason = trimmedText("Reason", 500, { required: true })

/** Until when a suspension lasts: a moment to come, or null for until an admin lifts it. */
const until = withMessage(
  Schema.NullOr(Schema.Date),
  "until must be a date and time (ISO 8601), or null for until lifted",
)

/** An admin's decision on an item's open reports; a suspension may say until when. */
export const DecisionPayload = Schema.Struct({
  ...item,
  outcome: withMessage(Outcome, `outcome must be one of: ${Outcome.literals.join(", ")}`),
  reason,
  until: Schema.optionalWith(until, { default: () => null }),
})

export const AppealPayload = Schema.Struct({
  ...item,
  text: trimmedText("Your appeal", 1000, { required: true }),
})

export const AppealDecisionPayload = Schema.Struct({
  ...item,
  restored: withMessage(Schema.Boolean, "restored must be true or false"),
  reason,
})

export const SuspensionPayload = Schema.Struct({
  username: trimmedText("Username", 50, { required: true }),
  reason,
  until: Schema.optionalWith(until, { default: () => null }),
})

export const LiftPayload = Schema.Struct({
  username: trimmedText("Username", 50, { required: true }),
  reason,
})

export class Decided extends Schema.Class<Decided>("Decided")({ message: Schema.String }) {}

/** The item's case or the account is not in a state the command applies to. */
export class CaseConflict extends Schema.TaggedError<CaseConflict>()(
  "CaseConflict",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** A decision that cannot be made as asked: a hiding of a creator, a suspension ending in the past. */
export class BadDecision extends Schema.TaggedError<BadDecision>()(
  "BadDecision",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** What an admin may not do: decide an appeal of their own hiding, suspend themselves or an admin. */
export class NotForThisAdmin extends Schema.TaggedError<NotForThisAdmin>()(
  "NotForThisAdmin",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

/** Admins' decisions: on reported items, on appeals, on accounts. Authors appeal a hiding once. */
export class DecisionsApi extends HttpApiGroup.make("decisions")
  .add(
    HttpApiEndpoint.post("decide", "/admin/decisions")
      .setPayload(DecisionPayload)
      .addSuccess(Decided)
      .addError(NotFound)
      .addError(CaseConflict)
      .addError(NotForThisAdmin)
      .addError(BadDecision)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("appeal", "/appeals")
      .setPayload(AppealPayload)
      .addSuccess(Decided, { status: 201 })
      .addError(NotFound)
      .addError(CaseConflict)
      .addError(NotForThisAdmin)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("decideAppeal", "/admin/appeals")
      .setPayload(AppealDecisionPayload)
      .addSuccess(Decided)
      .addError(CaseConflict)
      .addError(NotForThisAdmin)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("suspend", "/admin/suspensions")
      .setPayload(SuspensionPayload)
      .addSuccess(Decided)
      .addError(NotFound)
      .addError(CaseConflict)
      .addError(NotForThisAdmin)
      .addError(BadDecision)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("lift", "/admin/suspensions/lift")
      .setPayload(LiftPayload)
      .addSuccess(Decided)
      .addError(NotFound)
      .addError(CaseConflict)
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Moderation decisions: dismiss, hide or suspend on reports, appeals of hidings, suspensions.",
  ) {}
