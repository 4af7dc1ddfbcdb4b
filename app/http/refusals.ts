import type { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { jsonError } from "./api-answers.ts"
import { cameFromThisApp } from "./origin-check.ts"
import { urlProblem } from "./storable-text.ts"

/** Paths only the server's own machine may call: the development mailbox shows everyone's mail. */
const localOnly = /^\/api\/dev(\/|$)/

export interface Arrival {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly pathname: string
  /** The scheme the client used, as far as trusted proxies say. */
  readonly scheme: string
  readonly onThisMachine: boolean
  /** Whether local-only paths answer at all: not on a server others can reach (app/exposure.ts). */
  readonly localPathsOpen: boolean
  readonly appOrigin: string
}

/**
 * Why an API request is refused before any handler sees it, if it is: sent from another site, a URL
 * PostgreSQL could not store, or a local-only path asked from elsewhere or on a server others can reach.
 */
export const refusalOf = (arrival: Arrival): HttpServerResponse.HttpServerResponse | undefined => {
  const { request, pathname } = arrival
  if (!cameFromThisApp(request, arrival.appOrigin, arrival.scheme)) {
    return jsonError(403, {
      _tag: "Forbidden",
      message: "This request came from another site and was refused.",
    })
  }
  const badUrl = urlProblem(request.url)
  if (badUrl !== undefined) return jsonError(400, { _tag: "MalformedRequest", message: badUrl })
  if (localOnly.test(pathname) && !arrival.localPathsOpen) {
    return jsonError(404, {
      _tag: "NotFound",
      message:
        "The development mailbox is off: others can reach this server, and a request that looks local may have come through a proxy.",
    })
  }
  if (localOnly.test(pathname) && !arrival.onThisMachine) {
    return jsonError(404, {
      _tag: "NotFound",
      message:
        "The development mailbox answers only on the machine the server runs on, with no proxy in between.",
    })
  }
  return undefined
}
