/**
 * Reading the OpenAPI contract's JSON Schemas as the fuzz suite needs them: what a field may be, a plausible
 * value for it, and values it certainly may not be.
 */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string
  readonly enum?: ReadonlyArray<unknown>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
  readonly minLength?: number
  readonly maxLength?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly description?: string
}

export type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object"

export const jsonTypes: ReadonlyArray<JsonType> = [
  "string",
  "number",
  "integer",
  "boolean",
  "null",
  "array",
  "object",
]

/** The schema with its `$ref` replaced by what it names; the reference's siblings (its limits) win. */
export const resolved = (
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
): JsonSchema => {
  if (schema.$ref === undefined) return schema
  const { $ref, ...siblings } = schema
  const target = components[$ref.replace("#/components/schemas/", "")]
  return { ...resolved(target ?? {}, components), ...siblings }
}

const typeOfValue = (value: unknown): JsonType =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number"
        ? Number.isInteger(value)
          ? "integer"
          : "number"
        : (typeof value as JsonType)

/**
 * The JSON types a value of the schema may have; every type for a schema that says nothing (`unknown`).
 * A schema allowing numbers allows integers too.
 */
export const typesOf = (
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
): ReadonlySet<JsonType> => {
  const s = resolved(schema, components)
  const types = new Set<JsonType>()
  if (s.anyOf)
    for (const member of s.anyOf) for (const t of typesOf(member, components)) types.add(t)
  else if (s.enum) for (const value of s.enum) types.add(typeOfValue(value))
  else if (s.type) types.add(s.type as JsonType)
  else for (const t of jsonTypes) types.add(t)
  if (types.has("number")) types.add("integer")
  return types
}

/** A value of the schema's shape, which may still fail checks JSON Schema cannot say. */
export const plausible = (
  schema: JsonSchema,
  components: Readonly<Record<string, JsonSchema>>,
): unknown => {
  const s = resolved(schema, components)
  if (s.anyOf) return plausible(s.anyOf[0]!, components)
  if (s.enum) return s.enum[0]
  switch (s.type) {
    case "string":
      return "a".repeat(Math.max(1, s.minLength ?? 1))
    case "number":
    case "integer":
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1)
    case "boolean":
      return true
    case "null":
      return null
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => plausible(s.items ?? {}, components))
    case "object":
      return Object.fromEntries(
        (s.required ?? []).map((name) => [name, plausible(s.properties?.[name] ?? {}, components)]),
      )
    default:
      return "a"
  }
}
