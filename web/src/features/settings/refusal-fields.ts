import { type FieldErrors, serverFieldErrors } from "../../lib/form.ts"

/**
 * The per-field messages of a refusal, with the server's own refusals said at the field `fieldOf` names
 * for their tag (a wrong current password at that field), and any other as `serverFieldErrors` does.
 */
export const refusalFieldErrors = (
  error: unknown,
  fieldOf: Readonly<Record<string, string>>,
): FieldErrors => {
  const refusal = error as { _tag?: unknown; message?: unknown } | null
  const field = typeof refusal?._tag === "string" ? fieldOf[refusal._tag] : undefined
  return field !== undefined && typeof refusal?.message === "string"
    ? { [field]: refusal.message }
    : serverFieldErrors(error)
}
