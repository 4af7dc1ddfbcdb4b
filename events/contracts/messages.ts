import type { Schema } from "effect"

/**
 * Gives a schema the one message a person should read when a value fails it (for example the spec's
 * 'Password must be at least 6 characters'), instead of Effect's description of the schema.
 */
export const withMessage = <S extends Schema.Annotable.All>(schema: S, message: string): S =>
  schema.annotations({ message: () => ({ message, override: true }) }) as S
