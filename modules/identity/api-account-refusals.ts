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

/** The password was right; the account asks for its second step, which `challenge` opens for a while. */
export class TwoStepRequired extends Schema.TaggedError<TwoStepRequired>()(
  "TwoStepRequired",
  {
    message: Schema.String,
    challenge: Schema.String,
    /** What the account accepts as its second step. */
    methods: Schema.Array(Schema.Literal("code", "passkey")),
  },
  HttpApiSchema.annotations({ status: 401 }),
) {}

/** A code from the app or a recovery code that is not right, or was used already. */
export class WrongCode extends Schema.TaggedError<WrongCode>()(
  "WrongCode",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** Two-step sign-in is on already, or off, or its set-up was not started. */
export class TwoStepConflict extends Schema.TaggedError<TwoStepConflict>()(
  "TwoStepConflict",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}
