import { HttpApi, type HttpApiGroup } from "@effect/platform"
import { patternOf } from "./body-types.ts"

/** What a request was for, in few enough words to label metrics with. */
export type RouteOf = (method: string, pathname: string) => string

/**
 * The contract's path an API request matched (`/api/songs/:id`), `unknown` for an API path no endpoint
 * has, `asset` for a built file and `page` for the rest: never the path itself, whose ids and names are
 * without number.
 */
export const routesOf = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>,
): RouteOf => {
  const endpoints: Array<{ method: string; path: string; pattern: RegExp; parameters: number }> = []
  HttpApi.reflect(api, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint }) => {
      endpoints.push({
        method: endpoint.method,
        path: endpoint.path,
        pattern: patternOf(endpoint.path),
        parameters: endpoint.path.split("/").filter((segment) => segment.startsWith(":")).length,
      })
    },
  })
  // As the router does, a path of fixed segments wins over one with parameters that also matches.
  endpoints.sort((a, b) => a.parameters - b.parameters)
  return (method, pathname) => {
    if (pathname.startsWith("/assets/")) return "asset"
    if (pathname !== "/api" && !pathname.startsWith("/api/")) return "page"
    const found = endpoints.find((e) => e.method === method && e.pattern.test(pathname))
    return found?.path ?? "unknown"
  }
}
