import { HttpApi, type HttpApiEndpoint, type HttpApiGroup, HttpApiSchema } from "@effect/platform"
import type { HttpMethod } from "@effect/platform/HttpMethod"
import { Option, SchemaAST } from "effect"
import type { Shape } from "./wire-shape.ts"

// How public-routes.ts is derived from the contract. Only its test imports this file: it needs Effect,
// which the pages that use the routes do not load.

const unsupported = (what: string): never => {
  throw new Error(`${what}: a public read's schema uses what the light reader does not decode`)
}

const schemaId = (ast: SchemaAST.Refinement) => ast.annotations[SchemaAST.SchemaIdAnnotationId]

const isDateFromString = (ast: SchemaAST.AST) =>
  ast._tag === "Transformation" &&
  ast.from._tag === "StringKeyword" &&
  ast.to.annotations[SchemaAST.IdentifierAnnotationId] === "DateFromSelf"

/** Literals in a union become one shape, as `Schema.Literal("a", "b")` does. */
const unionShape = (types: ReadonlyArray<SchemaAST.AST>): Shape => {
  const members = types.filter((type) => type._tag !== "NeverKeyword").map(shapeOf)
  const literals = members.flatMap((member) =>
    typeof member === "object" && "literal" in member ? member.literal : [],
  )
  const others = members.filter((member) => typeof member !== "object" || !("literal" in member))
  const all = literals.length > 0 ? [{ literal: literals }, ...others] : others
  return all.length === 1 ? all[0]! : { oneOf: all }
}

const fieldsShape = (ast: SchemaAST.TypeLiteral): Shape => {
  if (ast.indexSignatures.length > 0) unsupported("an index signature")
  const fields: Record<string, Shape> = {}
  for (const property of ast.propertySignatures) {
    if (typeof property.name !== "string") unsupported("a symbol key")
    if (property.isOptional) unsupported(`the optional field ${String(property.name)}`)
    fields[String(property.name)] = shapeOf(property.type)
  }
  return { fields }
}

/** The shape of what a schema decodes from JSON: its encoded side, and where a date is made. */
export const shapeOf = (ast: SchemaAST.AST): Shape => {
  switch (ast._tag) {
    case "StringKeyword":
      return "string"
    case "NumberKeyword":
      return "number"
    case "BooleanKeyword":
      return "boolean"
    case "Literal":
      if (ast.literal === null) return "null"
      return typeof ast.literal === "bigint" ? unsupported("a bigint") : { literal: [ast.literal] }
    case "Union":
      return unionShape(ast.types)
    case "TypeLiteral":
      return fieldsShape(ast)
    case "TupleType":
      if (ast.elements.length > 0 || ast.rest.length !== 1) unsupported("a tuple")
      return { arrayOf: shapeOf(ast.rest[0]!.type) }
    case "Refinement":
      if (schemaId(ast) === Symbol.for("effect/SchemaId/Int") && shapeOf(ast.from) === "number")
        return "int"
      if (schemaId(ast) === Symbol.for("effect/SchemaId/ValidDate") && isDateFromString(ast.from))
        return "date"
      return unsupported(`the refinement ${String(schemaId(ast))}`)
    case "Transformation":
      if (isDateFromString(ast)) return "date"
      // A class (`Schema.Class`, `Schema.TaggedError`) is its fields; an instance is made from them.
      if (ast.from._tag === "TypeLiteral" && ast.to._tag === "Declaration") return shapeOf(ast.from)
      return unsupported("a transformation")
    default:
      return unsupported(ast._tag)
  }
}

/** A read as the light reader makes it: where it is asked, what it answers, what it may be refused with. */
export interface Route {
  readonly path: string
  readonly success: Shape
  readonly errors: { readonly [status: string]: ReadonlyArray<Shape> }
}

/** A plain value, as a url parameter's decoded side must be: `String` writes it as Schema encodes it. */
const isPlain = (ast: SchemaAST.AST): boolean => {
  if (SchemaAST.isRefinement(ast)) return isPlain(ast.from)
  if (SchemaAST.isUnion(ast)) return ast.types.every(isPlain)
  return (
    /^(String|Number|Boolean|Undefined)Keyword$/.test(ast._tag) ||
    (SchemaAST.isLiteral(ast) && typeof ast.literal === "string")
  )
}

type Endpoint = HttpApiEndpoint.HttpApiEndpoint<string, HttpMethod>

const checkUrlParams = (endpoint: Endpoint) => {
  if (endpoint.urlParamsSchema._tag === "None") return
  const decoded = SchemaAST.typeAST(endpoint.urlParamsSchema.value.ast)
  if (!SchemaAST.isTypeLiteral(decoded)) return unsupported("url parameters")
  for (const property of decoded.propertySignatures)
    if (!isPlain(property.type)) unsupported(`the url parameter ${String(property.name)}`)
}

/** A read as the contract declares it: its endpoint, and what it answers. */
export interface ContractRead {
  readonly endpoint: Endpoint
  readonly success: SchemaAST.AST
}

/** The reads named `group.endpoint` in `api`. */
export const contractReads = <
  Id extends string,
  Groups extends HttpApiGroup.HttpApiGroup.Any,
  E,
  R,
>(
  api: HttpApi.HttpApi<Id, Groups, E, R>,
  names: ReadonlyArray<string>,
): ReadonlyMap<string, ContractRead> => {
  const reads = new Map<string, ContractRead>()
  HttpApi.reflect(api, {
    predicate: ({ group, endpoint }) => names.includes(`${group.identifier}.${endpoint.name}`),
    onGroup: () => undefined,
    onEndpoint: ({ group, endpoint, successes }) => {
      const name = `${group.identifier}.${endpoint.name}`
      const answers = [...successes.values()].flatMap(({ ast }) => Option.toArray(ast))
      if (endpoint.method !== "GET" || answers.length !== 1)
        unsupported(`${name}'s method or answers`)
      reads.set(name, { endpoint, success: answers[0]! })
    },
  })
  for (const name of names) if (!reads.has(name)) throw new Error(`${name} is not in the contract`)
  return reads
}

/**
 * A read's route, as public-routes.ts holds it: with the refusals its endpoint declares; any other
 * answer is the server out of reach.
 */
export const routeOf = ({ endpoint, success }: ContractRead): Route => {
  if (endpoint.headersSchema._tag === "Some") unsupported(`${endpoint.name}'s headers`)
  checkUrlParams(endpoint)
  const errors: Record<string, ReadonlyArray<Shape>> = {}
  const declared = endpoint.errorSchema.ast
  for (const refusal of SchemaAST.isUnion(declared) ? declared.types : [declared]) {
    if (refusal._tag === "NeverKeyword") continue
    const status = String(HttpApiSchema.getStatusErrorAST(refusal))
    errors[status] = [...(errors[status] ?? []), shapeOf(refusal)]
  }
  return { path: endpoint.path, success: shapeOf(success), errors }
}
