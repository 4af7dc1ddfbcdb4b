import type { HttpApi, HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import type { MelodyApi } from "#app/api.ts"
import { ApiUnavailable, unreachable } from "./api.ts"
import type { Route } from "./contract-routes.ts"
import { publicRoutes } from "./public-routes.ts"
import { type Decoded, decodeWire } from "./wire-shape.ts"

type Groups =
  typeof MelodyApi extends HttpApi.HttpApi<string, infer G, infer _E, infer _R> ? G : never
type Routes = typeof publicRoutes

/** A read a public page makes before it is usable, named `group.endpoint` as in app/api.ts. */
export type PublicRead = keyof Routes

type EndpointOf<K> = K extends `${infer G}.${infer N}`
  ? HttpApiEndpoint.HttpApiEndpoint.WithName<
      HttpApiGroup.HttpApiGroup.EndpointsWithName<Groups, G>,
      N
    >
  : never
type PathOf<K> = HttpApiEndpoint.HttpApiEndpoint.PathParsed<EndpointOf<K>>
type UrlParamsOf<K> = HttpApiEndpoint.HttpApiEndpoint.UrlParams<EndpointOf<K>>
type SuccessOf<K> = HttpApiEndpoint.HttpApiEndpoint.Success<EndpointOf<K>>

/** What a read is asked with: its endpoint's path and url parameters, as the typed client takes them. */
export type PublicRequest<K extends PublicRead> = ([PathOf<K>] extends [never]
  ? unknown
  : { readonly path: PathOf<K> }) &
  ([UrlParamsOf<K>] extends [never] ? unknown : { readonly urlParams: UrlParamsOf<K> })

/** What a read answers: what its route's shape decodes to. */
export type PublicAnswer<K extends PublicRead> = Decoded<Routes[K]["success"]>

type Agrees<K extends PublicRead> = [PublicAnswer<K>] extends [SuccessOf<K>]
  ? [SuccessOf<K>] extends [PublicAnswer<K>]
    ? true
    : false
  : false
type Disagreeing = { [K in PublicRead]: Agrees<K> extends true ? never : K }[PublicRead]

// Compiles only while every route decodes to exactly what its endpoint answers in the contract; a read
// named here otherwise is out of date: regenerate public-routes.ts (see public-routes.test.ts).
const everyRouteAgrees: [Disagreeing] extends [never] ? true : Disagreeing = true
void everyRouteAgrees

/** A refusal the contract declares for a read (a song's 404), with its `_tag` and the server's words. */
export class ReadRefused extends Error {
  constructor(
    readonly _tag: string,
    message: string,
  ) {
    super(message)
  }
}

interface RequestParts {
  readonly path?: object
  readonly urlParams?: object
}

const urlOf = (route: Route, { path = {}, urlParams = {} }: RequestParts) => {
  const pathname = route.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(Reflect.get(path, name))),
  )
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(urlParams))
    if (value !== undefined) search.set(name, String(value))
  const query = search.toString()
  return query ? `${pathname}?${query}` : pathname
}

const unreadable = () =>
  new ApiUnavailable("The server sent an answer we could not read. Please try again.")

const refusalOf = (route: Route, status: number, body: unknown) => {
  for (const shape of route.errors[String(status)] ?? []) {
    const refusal = decodeWire(shape, body)
    const tag = Reflect.get(Object(refusal), "_tag")
    const message = Reflect.get(Object(refusal), "message")
    if (typeof tag === "string")
      return new ReadRefused(tag, typeof message === "string" ? message : tag)
  }
  return new ApiUnavailable("The server could not answer. Please try again.")
}

/**
 * Reads `name` (`"songs.song"`) as its endpoint in app/api.ts declares it, decoded as Schema decodes
 * it, without the typed client: the session, a shared song and the timeline are what every visitor's
 * phone asks first, and they need no Effect runtime. Rejects with `ReadRefused` for the refusals the
 * contract declares, `ApiUnavailable` for anything else.
 */
export function readPublic<K extends PublicRead>(
  name: K,
  request: PublicRequest<K>,
): Promise<PublicAnswer<K>>
export async function readPublic(name: PublicRead, request: RequestParts): Promise<unknown> {
  const route: Route = publicRoutes[name]
  const response = await fetch(urlOf(route, request), {
    headers: { accept: "application/json" },
  }).catch(() => undefined)
  if (response === undefined) throw unreachable()
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw refusalOf(route, response.status, body)
  const answer = decodeWire(route.success, body)
  if (answer === undefined) throw unreadable()
  return answer
}
