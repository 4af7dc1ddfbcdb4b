import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

// Songwriting's refusals, each with its HTTP status and the spec's message.

/** The language model's key is missing or refused: only an operator can fix that. */
export class ModelNotConfigured extends Schema.TaggedError<ModelNotConfigured>()(
  "ModelNotConfigured",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

/** The language model failed or did not answer in time; nothing was recorded. */
export class ModelUnavailable extends Schema.TaggedError<ModelUnavailable>()(
  "ModelUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 502 }),
) {}

/** Lyrics can be edited once they exist. */
export class NothingToEdit extends Schema.TaggedError<NothingToEdit>()(
  "NothingToEdit",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}
