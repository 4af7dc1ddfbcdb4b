import { Either, ParseResult, Schema } from "effect"

export type FieldErrors = Readonly<Record<string, string>>

const firstPerField = (
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
) => {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "")
    errors[field] ??= issue.message
  }
  return errors
}

/**
 * Checks a form's values against the same schema the server decodes the request with, so the messages a
 * person sees before sending are the ones the server would answer.
 */
export const validate = <A, I>(
  schema: Schema.Schema<A, I>,
  values: unknown,
): Either.Either<A, FieldErrors> =>
  Either.mapLeft(Schema.decodeUnknownEither(schema, { errors: "all" })(values), (error) =>
    firstPerField(ParseResult.ArrayFormatter.formatErrorSync(error)),
  )

/** The per-field messages of a 400 the server answered, when it was a decode error. */
export const serverFieldErrors = (error: unknown): FieldErrors => {
  const issues = (
    error as { issues?: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }
  ).issues
  return issues ? firstPerField(issues) : {}
}
