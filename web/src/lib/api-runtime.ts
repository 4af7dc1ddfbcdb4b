import { FetchHttpClient, HttpApiClient } from "@effect/platform"
import { Effect, type Either, ManagedRuntime } from "effect"
import { MelodyApi } from "#app/api.ts"

/** The typed client and the runtime it runs on; loaded on the first API call, not with the first paint. */
const runtime = ManagedRuntime.make(FetchHttpClient.layer)
const makeClient = HttpApiClient.make(MelodyApi, { baseUrl: window.location.origin })

export type ApiClient = Effect.Effect.Success<typeof makeClient>

const client = runtime.runPromise(makeClient)

export const run = async <A, E>(
  call: (api: ApiClient) => Effect.Effect<A, E>,
): Promise<Either.Either<A, E>> => runtime.runPromise(Effect.either(call(await client)))
