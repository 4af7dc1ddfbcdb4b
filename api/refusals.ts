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
