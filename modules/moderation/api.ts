import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { trimmedText, withMessage } from "#api/messages.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { ReportedKind, ReportReason } from "#events/contracts/moderation.ts"

const kinds = ReportedKind.literals.join(", ")
const reasons = ReportReason.literals.join(", ")

/** What a person reports, and why: "other" says why in words. */
export const ReportPayload = Schema.Struct({
  kind: withMessage(ReportedKind, `kind must be one of: ${kinds}`),
  /** The song's, comment's or playlist's id, or the creator's username. */
  id: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(255)),
    "id must name what is reported",
  ),
  reason: withMessage(ReportReason, `reason must be one of: ${reasons}`),
  details: Schema.optionalWith(trimmedText("Details", 500, { required: false }), {
    default: () => "",
  }),
}).pipe(
  Schema.filter(
    (report) =>
      report.reason !== "other" ||
      report.details.length > 0 || {
        path: ["details"],
        message: "Say what is wrong when the reason is other",
      },
  ),
)

export class ReportFiledAnswer extends Schema.Class<ReportFiledAnswer>("ReportFiledAnswer")({
  id: Schema.String,
  message: Schema.String,
}) {}

/** The person already reported it, and an admin has not decided yet. */
export class AlreadyReported extends Schema.TaggedError<AlreadyReported>()(
  "AlreadyReported",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** What a person made is not theirs to report. */
export class OwnItem extends Schema.TaggedError<OwnItem>()(
  "OwnItem",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** Reporting what breaks the rules: a song, a comment, a playlist or a creator. */
export class ReportsApi extends HttpApiGroup.make("reports")
  .add(
    HttpApiEndpoint.post("report", "/reports")
      .setPayload(ReportPayload)
      .addSuccess(ReportFiledAnswer, { status: 201 })
      .addError(NotFound)
      .addError(OwnItem)
      .addError(AlreadyReported)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Reporting a song, a comment, a playlist or a creator to the admins.",
  ) {}
