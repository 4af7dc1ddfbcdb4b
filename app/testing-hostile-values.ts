import { FastCheck as fc } from "effect"
import {
  type JsonSchema,
  type JsonType,
  jsonTypes,
  plausible,
  resolved,
  typesOf,
} from "./testing-json-schema.ts"

type Components = Readonly<Record<string, JsonSchema>>

/**
 * Written in place of a number when the payload becomes text: `1e999` is valid JSON that parses to
 * Infinity, the one way a non-finite number reaches a server.
 */
export const infinity = "\u0000infinity\u0000"
export const asJsonText = (value: unknown) =>
  JSON.stringify(value).replaceAll(JSON.stringify(infinity), "1e999")

const markup = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; drop table events; --",
  "../../../etc/passwd",
  "%00%2e%2e%2f",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  "${7*7}{{7*7}}",
  "\u0000",
  "\ud800",
  "\u202eevil",
  "👩‍👩‍👧‍👦".repeat(40),
  "Z̵̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̉̊̋̌".repeat(20),
  " ",
  "\r\n\t",
]

/** Unicode edge cases, markup, control characters, and strings far longer than any field wants. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(...markup),
  fc.integer({ min: 5_000, max: 200_000 }).map((n) => "x".repeat(n)),
)

/** Negative, fractional, huge and non-finite numbers. */
export const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.000001, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, infinity),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

const ofType = (type: JsonType): fc.Arbitrary<unknown> => {
  switch (type) {
    case "string":
      return hostileString
    case "number":
      return fc.constantFrom(0.5, -1.25, infinity)
    case "integer":
      return fc.integer()
    case "boolean":
      return fc.boolean()
    case "null":
      return fc.constant(null)
    case "array":
      return fc.array(fc.oneof(hostileString, fc.integer()), { maxLength: 3 })
    case "object":
      return fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 })
  }
}

/** Fields no payload declares, which a payload may carry beside its own. */
export const extraFields = fc.dictionary(
  fc.string({ maxLength: 12 }).map((name) => `extra-${name}`),
  fc.oneof(hostileString, hostileNumber, fc.constant(null)),
  { maxKeys: 3 },
)

/** Values the schema certainly refuses: of another type, too long or short, out of range, not listed. */
export const violationOf = (
  schema: JsonSchema,
  components: Components,
): fc.Arbitrary<unknown> | undefined => {
  const s = resolved(schema, components)
  const allowed = typesOf(s, components)
  const choices: Array<fc.Arbitrary<unknown>> = jsonTypes.filter((t) => !allowed.has(t)).map(ofType)
  if (allowed.has("integer") && allowed.size < jsonTypes.length) choices.push(fc.constant(infinity))
  if (allowed.size === 1 && s.enum) {
    choices.push(hostileString.filter((v) => !s.enum!.includes(v)))
  }
  if (s.maxLength !== undefined) {
    choices.push(
      fc.integer({ min: s.maxLength + 1, max: s.maxLength + 500 }).map((n) => "é".repeat(n)),
    )
  }
  if ((s.minLength ?? 0) > 0) choices.push(fc.constant(""))
  if (s.minimum !== undefined) choices.push(fc.constant(s.minimum - 1))
  if (s.exclusiveMinimum !== undefined) choices.push(fc.constant(s.exclusiveMinimum))
  if (s.maximum !== undefined) choices.push(fc.constant(s.maximum + 1))
  if (s.maxItems !== undefined) {
    choices.push(
      fc.constant(
        Array.from({ length: s.maxItems + 1 }, () => plausible(s.items ?? {}, components)),
      ),
    )
  }
  if (s.type === "object" && s.properties) {
    const broken = brokenObject(s, components)
    if (broken) choices.push(broken)
  }
  return choices.length === 0 ? undefined : fc.oneof(...choices)
}

/** The object with one field broken or one required field left out, beside fields it does not declare. */
const brokenObject = (
  schema: JsonSchema,
  components: Components,
): fc.Arbitrary<unknown> | undefined => {
  const base = plausible(schema, components) as Record<string, unknown>
  const choices: Array<fc.Arbitrary<Record<string, unknown>>> = []
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const broken = violationOf(field, components)
    if (broken) choices.push(broken.map((value) => ({ ...base, [name]: value })))
  }
  for (const name of schema.required ?? []) {
    const { [name]: _, ...without } = base
    choices.push(fc.constant(without))
  }
  if (choices.length === 0) return undefined
  return fc
    .tuple(fc.oneof(...choices), extraFields)
    .map(([payload, extra]) => ({ ...extra, ...payload }))
}

/** The payload's shape with every string and number a hostile one, and fields it does not declare. */
export const strangeValueOf = (
  schema: JsonSchema,
  components: Components,
): fc.Arbitrary<unknown> => {
  const s = resolved(schema, components)
  if (s.anyOf) return fc.oneof(...s.anyOf.map((member) => strangeValueOf(member, components)))
  if (s.enum) return fc.constantFrom(...s.enum)
  switch (s.type) {
    case "string":
      return hostileString
    case "number":
    case "integer":
      return hostileNumber
    case "array":
      return fc.array(strangeValueOf(s.items ?? {}, components), { maxLength: 4 })
    case "object": {
      const fields = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([name, field]) => [
          name,
          strangeValueOf(field, components),
        ]),
      )
      return fc
        .tuple(fc.record(fields, { requiredKeys: [...(s.required ?? [])] }), extraFields)
        .map(([payload, extra]) => ({ ...extra, ...payload }))
    }
    default:
      return fc.constant(plausible(s, components))
  }
}

/**
 * Values a query or path parameter certainly refuses; parameters are text, so only their length, their
 * list of values and, for a number, its reading can be broken.
 */
export const brokenParameterOf = (
  schema: JsonSchema,
  components: Components,
): fc.Arbitrary<string> | undefined => {
  const s = resolved(schema, components)
  const choices: Array<fc.Arbitrary<string>> = []
  if (s.enum) choices.push(hostileString.filter((v) => v.length < 2_000 && !s.enum!.includes(v)))
  if (s.maxLength !== undefined) choices.push(fc.constant("é".repeat(s.maxLength + 1)))
  if ((s.minLength ?? 0) > 0) choices.push(fc.constant(""))
  if (s.description?.startsWith("a number between")) {
    choices.push(fc.constantFrom("ten", "NaN", "1e999", "-1"))
  }
  return choices.length === 0 ? undefined : fc.oneof(...choices)
}

/** Hostile text short enough to travel in a URL. */
export const hostileParameter = hostileString.filter((v) => v.length <= 2_000)
