import {
  type QueryKey,
  queryOptions,
  type UndefinedInitialDataOptions,
  type UseMutationOptions,
} from "@tanstack/react-query"
import type { Effect } from "effect"
import type { ApiClient } from "./api-runtime.ts"

export type { ApiClient }

/** A failure the server did not describe: the network, or a response we could not read. */
export class ApiUnavailable extends Error {
  readonly _tag = "ApiUnavailable"
}

/** The server out of reach: the network, or the server down. */
export const unreachable = () =>
  new ApiUnavailable("Could not reach Melody Studio. Check your connection and try again.")

const asError = (error: unknown): Error => {
  if (error instanceof Error && "_tag" in error) {
    const tag = (error as { _tag: string })._tag
    if (tag === "RequestError") return unreachable()
    if (tag === "ResponseError" || tag === "ParseError") {
      return new ApiUnavailable("The server sent an answer we could not read. Please try again.")
    }
    return error
  }
  return new ApiUnavailable(String(error))
}

/**
 * Calls the API through the typed client built from the server's own contract. Resolves with the value or
 * rejects with the server's typed error itself, so screens can switch on its `_tag`. The client and Effect's
 * runtime load with the first call, so they never delay the first paint.
 */
export const callApi = async <A, E>(
  call: (api: ApiClient) => Effect.Effect<A, E>,
  idempotencyKey?: string,
): Promise<A> => {
  const { run } = await import("./api-runtime.ts")
  const result = await run(call, idempotencyKey)
  if (result._tag === "Left") throw asError(result.left)
  return result.right
}

/**
 * A call that spends credits or starts a payment, sent with a fresh Idempotency-Key: one per click (the
 * app's mutations are not retried), which a retry of the same call would send again, so that the server
 * answers it once and charges once.
 */
export const callPaidApi = <A, E>(call: (api: ApiClient) => Effect.Effect<A, E>): Promise<A> =>
  callApi(call, crypto.randomUUID())

/**
 * What a call can fail with: the endpoint's own typed errors, or the API out of reach (which is what the
 * client's transport and decoding failures become).
 */
export type ApiFailure<E> =
  | Exclude<E, { readonly _tag: "RequestError" | "ResponseError" | "ParseError" }>
  | ApiUnavailable

/**
 * A query whose error is the call's typed failure, so a component (or a refetch rule) switches on
 * `error._tag` with the compiler's help.
 */
export const apiQuery = <A, E, Key extends QueryKey>(
  options: Omit<UndefinedInitialDataOptions<A, ApiFailure<E>, A, Key>, "queryFn"> & {
    readonly call: (api: ApiClient) => Effect.Effect<A, E>
  },
) => {
  const { call, ...rest } = options
  return queryOptions<A, ApiFailure<E>, A, Key>({ ...rest, queryFn: () => callApi(call) })
}

/** A mutation whose error is the call's typed failure: `onError` and `mutation.error` know the tags. */
export const apiMutation = <I, A, E>(
  call: (api: ApiClient, input: I) => Effect.Effect<A, E>,
): UseMutationOptions<A, ApiFailure<E>, I> => ({
  mutationFn: (input) => callApi((api) => call(api, input)),
})

/** A paid mutation: each time it runs (each click) it sends a fresh Idempotency-Key (`callPaidApi`). */
export const paidMutation = <I, A, E>(
  call: (api: ApiClient, input: I) => Effect.Effect<A, E>,
): UseMutationOptions<A, ApiFailure<E>, I> => ({
  mutationFn: (input) => callPaidApi((api) => call(api, input)),
})

/** The message to show a person for any error an API call rejected with. */
export const errorMessage = (
  error: unknown,
  fallback = "Something went wrong. Please try again.",
): string => (error instanceof Error && error.message ? error.message : fallback)
