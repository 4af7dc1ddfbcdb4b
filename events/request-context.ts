import { Effect, FiberRef } from "effect"
import type { Actor } from "./contracts/actor.ts"
import type { EventMetadata } from "./contracts/metadata.ts"

/** The id of the request (or job run) the current fiber works for; the HTTP edge sets it per request. */
export const currentRequestId = FiberRef.unsafeMake<string | undefined>(undefined)

/** The address of the client the current request came from (behind a trusted proxy: the forwarded one). */
export const currentClientAddress = FiberRef.unsafeMake<string>("unknown")

/** Whether the current request came from the server's own machine, with no proxy in between. */
export const currentCallerOnThisMachine = FiberRef.unsafeMake<boolean>(false)

/** The id that ties together everything one request or job causes. */
export const currentCorrelationId = FiberRef.unsafeMake<string | undefined>(undefined)

/** Metadata for events the current request appends on behalf of `actor`. */
export const eventMetadata = (actor: Actor, causationId?: string): Effect.Effect<EventMetadata> =>
  Effect.gen(function* () {
    const requestId = yield* FiberRef.get(currentRequestId)
    const correlationId =
      (yield* FiberRef.get(currentCorrelationId)) ?? requestId ?? crypto.randomUUID()
    return {
      actor,
      correlationId,
      ...(causationId === undefined ? {} : { causationId }),
      ...(requestId === undefined ? {} : { requestId }),
    }
  })
