import { HttpApi, type HttpApiGroup, HttpApiSchema, type Multipart } from "@effect/platform"

export const json = "application/json"
export const multipart = "multipart/form-data"

/** What an endpoint takes in its body: media types, and for an upload, the limits its contract sets. */
export interface BodyTypes {
  readonly mediaTypes: ReadonlyArray<string>
  readonly multipartLimits: Multipart.withLimits.Options | undefined
}

const jsonOnly: BodyTypes = { mediaTypes: [json], multipartLimits: undefined }

/** The endpoint a request is for, and what it takes; undefined for a path and method no endpoint has. */
export type BodyTypesOf = (method: string, pathname: string) => BodyTypes | undefined

/** `/songs/:id` as a pattern of the path's segments, as the router reads it. */
export const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split("/")
      .map((segment) =>
        segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/")}/?$`,
  )

/**
 * What each endpoint takes, read from the API's contract, so that an endpoint says it in one place: its
 * payload's encoding (JSON unless the payload says otherwise, as `HttpApiSchema.Multipart(...)` or
 * `HttpApiSchema.withEncoding(...)` do). An endpoint without a payload takes JSON if anything: the
 * payment provider's webhook reads its JSON raw, to check the signature over its exact bytes.
 */
export const bodyTypesOf = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>,
): BodyTypesOf => {
  const endpoints: Array<{
    method: string
    path: RegExp
    parameters: number
    takes: BodyTypes
  }> = []
  HttpApi.reflect(api, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint, payloads }) => {
      const multipartAst = payloads.get(multipart)?.ast
      endpoints.push({
        method: endpoint.method,
        path: patternOf(endpoint.path),
        parameters: endpoint.path.split("/").filter((segment) => segment.startsWith(":")).length,
        takes:
          payloads.size === 0
            ? jsonOnly
            : {
                mediaTypes: [...payloads.keys()],
                multipartLimits:
                  multipartAst &&
                  (HttpApiSchema.getMultipart(multipartAst) ??
                    HttpApiSchema.getMultipartStream(multipartAst)),
              },
      })
    },
  })
  // As the router does, a path of fixed segments wins over one with parameters that also matches.
  endpoints.sort((a, b) => a.parameters - b.parameters)
  return (method, pathname) =>
    endpoints.find((endpoint) => endpoint.method === method && endpoint.path.test(pathname))?.takes
}

/** Every path takes JSON alone: what the edge assumes when it is not told. */
export const jsonEverywhere: BodyTypesOf = () => jsonOnly
