/**
 * What an answer's JSON must be, and what it decodes to: the part of effect/Schema a public read needs,
 * as data. Shapes are derived from the contract's schemas (contract-routes.ts), never written by hand, and
 * decode what Schema decodes (public-routes.test.ts); a page reads with them without loading Effect.
 */
export type Shape =
  | "string"
  | "number"
  /** A safe integer, as `Schema.Int`. */
  | "int"
  | "boolean"
  | "null"
  /** A date as its ISO text, decoded to a `Date`, as `Schema.Date`. */
  | "date"
  | { readonly literal: ReadonlyArray<string | number | boolean> }
  | { readonly oneOf: ReadonlyArray<Shape> }
  | { readonly arrayOf: Shape }
  | { readonly fields: { readonly [name: string]: Shape } }

/**
 * The value a shape decodes to, so a read's answer is typed by the shape it was checked against; any
 * shape at all (`Shape` itself) decodes to `unknown`.
 */
export type Decoded<S> = Shape extends S
  ? unknown
  : S extends "string"
    ? string
    : S extends "number" | "int"
      ? number
      : S extends "boolean"
        ? boolean
        : S extends "null"
          ? null
          : S extends "date"
            ? Date
            : S extends { readonly literal: ReadonlyArray<infer L> }
              ? L
              : S extends { readonly oneOf: ReadonlyArray<infer M> }
                ? Decoded<M>
                : S extends { readonly arrayOf: infer I }
                  ? ReadonlyArray<Decoded<I>>
                  : S extends { readonly fields: infer F }
                    ? { readonly [K in keyof F]: Decoded<F[K]> }
                    : never

const invalid = Symbol("invalid")

const decodeKeyword = (shape: Shape & string, value: unknown): unknown => {
  switch (shape) {
    case "string":
      return typeof value === "string" ? value : invalid
    case "number":
      return typeof value === "number" ? value : invalid
    case "int":
      return Number.isSafeInteger(value) ? value : invalid
    case "boolean":
      return typeof value === "boolean" ? value : invalid
    case "null":
      return value === null ? null : invalid
    case "date": {
      if (typeof value !== "string") return invalid
      const date = new Date(value)
      return Number.isNaN(date.getTime()) ? invalid : date
    }
  }
}

const decodeFields = (fields: { readonly [name: string]: Shape }, value: unknown): unknown => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return invalid
  const decoded: Record<string, unknown> = {}
  for (const [name, shape] of Object.entries(fields)) {
    const field = decodeAny(shape, Reflect.get(value, name))
    if (field === invalid) return invalid
    decoded[name] = field
  }
  return decoded
}

const decodeAny = (shape: Shape, value: unknown): unknown => {
  if (typeof shape === "string") return decodeKeyword(shape, value)
  if ("literal" in shape)
    return shape.literal.some((literal) => literal === value) ? value : invalid
  if ("oneOf" in shape) {
    for (const member of shape.oneOf) {
      const decoded = decodeAny(member, value)
      if (decoded !== invalid) return decoded
    }
    return invalid
  }
  if ("arrayOf" in shape) {
    if (!Array.isArray(value)) return invalid
    const decoded: Array<unknown> = []
    for (const item of value) {
      const element = decodeAny(shape.arrayOf, item)
      if (element === invalid) return invalid
      decoded.push(element)
    }
    return decoded
  }
  return decodeFields(shape.fields, value)
}

/**
 * The value `json` holds when it has the shape, undefined when it has not. Fields the shape does not name
 * are left out, as Schema leaves them out.
 */
export const decodeWire = <S extends Shape>(shape: S, json: unknown): Decoded<S> | undefined => {
  const decoded = decodeAny(shape, json)
  // The one place a value gets its type: decodeAny has just checked it against the shape, field by field.
  return decoded === invalid ? undefined : (decoded as Decoded<S>)
}
