import { OpenApi } from "@effect/platform"
import { FastCheck as fc } from "effect"
import { MelodyApi } from "./api.ts"
import { type Endpoint, filled, type Owned, type RawRequest } from "./testing-endpoints.ts"
import {
  asJsonText,
  brokenParameterOf,
  hostileParameter,
  strangeValueOf,
  violationOf,
} from "./testing-hostile-values.ts"
import { type JsonSchema, plausible } from "./testing-json-schema.ts"

/* Requests to an endpoint generated from what the OpenAPI contract says it takes. */

interface Parameter {
  readonly name: string
  readonly in: "path" | "query" | "header" | "cookie"
  readonly required?: boolean
  readonly schema: JsonSchema
}

interface Operation {
  readonly parameters?: ReadonlyArray<Parameter>
  readonly requestBody?: { readonly content: Readonly<Record<string, { schema: JsonSchema }>> }
}

const contract = OpenApi.fromApi(MelodyApi) as unknown as {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>> }
}
const components = contract.components.schemas

const operationOf = (e: Endpoint): Operation =>
  contract.paths[e.path.replace(/:([a-zA-Z]+)/g, "{$1}")]?.[e.method.toLowerCase()] ?? {}

const queryOf = (values: Readonly<Record<string, string>>) => {
  const text = new URLSearchParams(values).toString()
  return text === "" ? "" : `?${text}`
}

/** A path segment of the text; a lone surrogate, which no URL can carry, as the character that replaces it. */
const inPath = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      "\ufffd",
    ),
  )

const json = "application/json"
const malformedJson = fc.constantFrom("{", '{"a":NaN}', "[1,", "{'a':1}", "\u0000", '{"a":1}}')

/** What the endpoint's parameters and body look like when nothing in them is broken. */
const plain = (e: Endpoint, own: Owned) => {
  const operation = operationOf(e)
  const query = Object.fromEntries(
    (operation.parameters ?? [])
      .filter((p) => p.in === "query" && p.required)
      .map((p) => [p.name, String(plausible(p.schema, components))]),
  )
  const [mediaType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? []
  return { operation, query, mediaType, bodySchema: body?.schema, path: filled(e.path, own) }
}

const jsonRequest = (e: Endpoint, path: string, body: unknown): RawRequest => ({
  method: e.method,
  path,
  contentType: json,
  body: asJsonText(body),
})

/**
 * Requests the contract refuses: one query parameter or one body field broken, the body of another type, or
 * its text not JSON at all. Undefined where the contract takes nothing that can be broken.
 */
export const brokenRequests = (e: Endpoint, own: Owned): fc.Arbitrary<RawRequest> | undefined => {
  const { operation, query, mediaType, bodySchema, path } = plain(e, own)
  const body = bodySchema && mediaType === json ? plausible(bodySchema, components) : undefined
  const withBody = (request: RawRequest): RawRequest =>
    body === undefined ? request : { ...request, contentType: json, body: asJsonText(body) }
  const choices: Array<fc.Arbitrary<RawRequest>> = []
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== "query") continue
    const broken = brokenParameterOf(parameter.schema, components)
    if (broken === undefined) continue
    choices.push(
      broken.map((value) =>
        withBody({ method: e.method, path: path + queryOf({ ...query, [parameter.name]: value }) }),
      ),
    )
  }
  if (bodySchema && mediaType === json) {
    const target = path + queryOf(query)
    const broken = violationOf(bodySchema, components)
    if (broken) choices.push(broken.map((value) => jsonRequest(e, target, value)))
    choices.push(
      malformedJson.map((text) => ({
        method: e.method,
        path: target,
        contentType: json,
        body: text,
      })),
    )
  } else if (mediaType !== undefined) {
    // A body of another type than the one the endpoint reads.
    choices.push(fc.constant(jsonRequest(e, path + queryOf(query), {})))
  }
  return choices.length === 0 ? undefined : fc.oneof(...choices)
}

/**
 * Requests of the contract's shape whose every string and number is hostile, with fields it does not
 * declare, and path parameters of hostile text where they do not name the caller's own things. Undefined
 * where the endpoint takes nothing.
 */
export const strangeRequests = (e: Endpoint, own: Owned): fc.Arbitrary<RawRequest> | undefined => {
  const { operation, mediaType, bodySchema } = plain(e, own)
  const queries = (operation.parameters ?? []).filter((p) => p.in === "query")
  const pathNames = [...e.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]!)
  const jsonBody = bodySchema !== undefined && mediaType === json
  if (queries.length === 0 && pathNames.length === 0 && !jsonBody) return undefined
  return fc
    .tuple(
      fc.record(Object.fromEntries(queries.map((p) => [p.name, hostileParameter])), {
        requiredKeys: queries.filter((p) => p.required).map((p) => p.name),
      }),
      fc.record(Object.fromEntries(pathNames.map((name) => [name, hostileParameter]))),
      jsonBody ? strangeValueOf(bodySchema, components) : fc.constant(undefined),
    )
    .map(([query, pathValues, body]) => {
      const path =
        filled(e.path, own, (name) => inPath(pathValues[name] ?? "")) +
        queryOf(query as Record<string, string>)
      return body === undefined && !jsonBody
        ? { method: e.method, path }
        : jsonRequest(e, path, body)
    })
}
