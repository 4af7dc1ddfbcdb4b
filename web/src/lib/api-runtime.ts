import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect, type Either, FiberRef, ManagedRuntime } from "effect"
import { MelodyApi } from "#app/api.ts"

/** The Idempotency-Key of the paid call under way, if it is one (see `callPaidApi`). */
const idempotencyKey = FiberRef.unsafeMake<string | undefined>(undefined)

/** The typed client and the runtime it runs on; loaded on the first API call, not with the first paint. */
const runtime = ManagedRuntime.make(FetchHttpClient.layer)
const makeClient = HttpApiClient.make(MelodyApi, {
  baseUrl: window.location.origin,
  transformClient: HttpClient.mapRequestEffect((request) =>
    Effect.map(FiberRef.get(idempotencyKey), (key) =>
      key === undefined ? request : HttpClientRequest.setHeader(request, "idempotency-key", key),
    ),
  ),
})

export type ApiClient = Effect.Effect.Success<typeof makeClient>

const client = runtime.runPromise(makeClient)

/** Runs a call; with `key`, every request it sends carries it as its Idempotency-Key. */
export const run = async <A, E>(
  call: (api: ApiClient) => Effect.Effect<A, E>,
  key?: string,
): Promise<Either.Either<A, E>> => {
  const api = await client
  const sent = key === undefined ? call(api) : Effect.locally(call(api), idempotencyKey, key)
  return runtime.runPromise(Effect.either(sent))
}
