import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

// Refusals of a person's changes to their own account.

/** The current password, asked for before a change, was not theirs. */
export class WrongPassword extends Schema.TaggedError<WrongPassword>()(
  "WrongPassword",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class SamePassword extends Schema.TaggedError<SamePassword>()(
  "SamePassword",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** The address asked for is the account's already. */
export class SameEmail extends Schema.TaggedError<SameEmail>()(
  "SameEmail",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}
