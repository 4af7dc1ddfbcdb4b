import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

// Identity's refusals, each with its HTTP status and the spec's message.

export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()(
  "InvalidCredentials",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 401 }),
) {}

/** The right password for an account an admin suspended: why, and until when. */
export class AccountSuspended extends Schema.TaggedError<AccountSuspended>()(
  "AccountSuspended",
  { message: Schema.String, until: Schema.NullOr(Schema.Date) },
  HttpApiSchema.annotations({ status: 403 }),
) {}

export class UsernameTaken extends Schema.TaggedError<UsernameTaken>()(
  "UsernameTaken",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class EmailTaken extends Schema.TaggedError<EmailTaken>()(
  "EmailTaken",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

export class InvalidToken extends Schema.TaggedError<InvalidToken>()(
  "InvalidToken",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class AlreadyVerified extends Schema.TaggedError<AlreadyVerified>()(
  "AlreadyVerified",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}
