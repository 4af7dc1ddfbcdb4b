import { HttpServerRequest } from "@effect/platform"
import { Effect, FiberRef } from "effect"
import { currentClientAddress } from "#events/request-context.ts"

/** Who is on the other end of a request, as far as rate limits and session records need. */
export interface Client {
  readonly address: string
  readonly userAgent: string
}

export const currentClient = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  return {
    address: yield* FiberRef.get(currentClientAddress),
    userAgent: (request.headers["user-agent"] ?? "").slice(0, 300),
  } satisfies Client
})
