import { Schema } from "effect"

/**
 * Gives a schema the one message a person should read when a value fails it (for example the spec's
 * 'Password must be at least 6 characters'), instead of Effect's description of the schema.
 */
export const withMessage = <S extends Schema.Annotable.All>(schema: S, message: string): S =>
  schema.annotations({ message: () => ({ message, override: true }) }) as S

/**
 * A text that is trimmed, then checked: each rule says its own sentence ('Title is required', 'Title must
 * be at most 200 characters'), and anything but a string is 'Title must be a text'.
 */
export const trimmedText = (name: string, max: number, options: { readonly required: boolean }) =>
  withMessage(Schema.String, `${name} must be a text`).pipe(
    Schema.compose(Schema.Trim),
    Schema.filter((s) => !options.required || s.length > 0 || `${name} is required`),
    Schema.filter((s) => s.length <= max || `${name} must be at most ${max} characters`),
  )
