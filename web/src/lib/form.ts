import type { Schema } from "effect"

export type FieldErrors = Readonly<Record<string, string>>

/** A form's values as the request takes them, or what is wrong with each field. */
export type Checked<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly errors: FieldErrors }

/** Where a form's schema comes from: the contract's module, loaded when it is first needed. */
export type SchemaSource<A, I> = () => Promise<Schema.Schema<A, I>>

export const firstPerField = (
  issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>,
) => {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "")
    errors[field] ??= issue.message
  }
  return errors
}

const load = <A, I>(schema: SchemaSource<A, I>) =>
  Promise.all([import("./form-decode.ts"), schema()])

/**
 * Checks a form's values against the same schema the server decodes the request with, so the messages a
 * person sees before sending are the ones the server would answer. The schema and Effect's decoder load
 * with the first check (or `warm`), so a form paints without them.
 */
export const validate = async <A, I>(
  schema: SchemaSource<A, I>,
  values: unknown,
): Promise<Checked<A>> => {
  const [{ decodeForm }, loaded] = await load(schema)
  return decodeForm(loaded, values)
}

/** Starts loading what `validate` needs, as a person begins to fill the form. */
export const warm =
  <A, I>(schema: SchemaSource<A, I>) =>
  () =>
    void load(schema)

/**
 * The field a content check refused (the server's `ContentRefused`: 422, naming the request's field and
 * why), or undefined for any other error.
 */
export const contentRefusal = (
  error: unknown,
): { readonly field: string; readonly message: string } | undefined => {
  const refusal = error as { _tag?: unknown; field?: unknown; message?: unknown } | null
  return refusal?._tag === "ContentRefused" &&
    typeof refusal.field === "string" &&
    typeof refusal.message === "string"
    ? { field: refusal.field, message: refusal.message }
    : undefined
}

/**
 * The per-field messages of a refusal the server answered: a decode error's (400), or the one field a
 * content check refused (422).
 */
export const serverFieldErrors = (error: unknown): FieldErrors => {
  const refused = contentRefusal(error)
  if (refused) return { [refused.field]: refused.message }
  const issues = (
    error as { issues?: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }
  ).issues
  return issues ? firstPerField(issues) : {}
}
