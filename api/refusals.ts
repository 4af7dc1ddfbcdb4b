import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/** Too many attempts of something limited (sign-ins, mails, generations); try again after a while. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  { message: Schema.String, retryAfterSeconds: Schema.Int },
  HttpApiSchema.annotations({ status: 429 }),
) {}

/** Nothing here, or nothing this caller may know of. */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 404 }),
) {}

export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return new TooManyRequests({
    message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    retryAfterSeconds,
  })
}

/** Why text was refused before it was saved or sent to a maker. */
export const ContentRefusalReason = Schema.Literal("flagged", "protected-artist")

/**
 * Text that may not be published as written: the request's field it is in (`lyrics`, `bio`...) and a
 * sentence for the person saying why. Nothing was saved or charged.
 */
export class ContentRefused extends Schema.TaggedError<ContentRefused>()(
  "ContentRefused",
  { field: Schema.String, reason: ContentRefusalReason, message: Schema.String },
  HttpApiSchema.annotations({ status: 422 }),
) {}
