import { Schema } from "effect"

/** Where an error was seen. */
export const ErrorSource = Schema.Literal("client", "server", "job", "subscription", "provider")
export type ErrorSource = typeof ErrorSource.Type

/**
 * An error someone should look at. Errors live in day streams (`errors-2026-11-21`), so admins can replay a
 * day in order. Secrets, tokens and cookies are scrubbed before the event is written.
 */
export class ErrorReported extends Schema.TaggedClass<ErrorReported>()("ErrorReported", {
  errorId: Schema.String,
  source: ErrorSource,
  userId: Schema.NullOr(Schema.String),
  message: Schema.String,
  stack: Schema.NullOr(Schema.String),
  context: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
}) {}

export const errorStreamId = (day: Date) => `errors-${day.toISOString().slice(0, 10)}`
