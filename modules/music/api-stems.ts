import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, EmailNotVerified } from "#api/auth.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"

// A song taken apart: its stems, made on request and kept.

export const StemsPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })

/** Where a song's stems are; `downloadUrl` once made, `error` after a failure (ask again to retry). */
export class StemsStatus extends Schema.Class<StemsStatus>("StemsStatus")({
  status: Schema.Literal("none", "making", "ready", "failed"),
  downloadUrl: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
}) {}

/**
 * This song has no stems to make: only the offline engine's songs played whole, and the music API's, can
 * be taken apart.
 */
export class StemsUnavailable extends Schema.TaggedError<StemsUnavailable>()(
  "StemsUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class StemsApi extends HttpApiGroup.make("stems")
  .add(
    HttpApiEndpoint.get("status", "/songs/:id/stems")
      .setPath(StemsPath)
      .addSuccess(StemsStatus)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("make", "/songs/:id/stems")
      .setPath(StemsPath)
      .addSuccess(StemsStatus)
      .addError(NotFound)
      .addError(StemsUnavailable)
      .addError(InsufficientCredits)
      .addError(EmailNotVerified)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("zip", "/songs/:id/stems/zip")
      .setPath(StemsPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/zip" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "A song's stems in one zip, made once on request: from the offline engine vocals, drums, bass, harmony and lead as 16-bit WAVs; from the music API the MP3s it separates.",
  ) {}
