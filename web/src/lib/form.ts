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

/** The per-field messages of a 400 the server answered, when it was a decode error. */
export const serverFieldErrors = (error: unknown): FieldErrors => {
  const issues = (
    error as { issues?: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }
  ).issues
  return issues ? firstPerField(issues) : {}
}
