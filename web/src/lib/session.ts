import { queryOptions, useQuery } from "@tanstack/react-query"
import type { SessionView } from "#modules/identity/api.ts"
import { ApiUnavailable } from "./api.ts"

export type User = NonNullable<(typeof SessionView.Encoded)["user"]>

/**
 * Who is signed in: the user, or null. Asked of /api/session, which answers a visitor without a session
 * as nobody rather than with a 401 (an error in every browser's console). Kept five minutes, never retried.
 * Every page asks it first, public ones included, so it is a plain fetch of plain JSON: the typed client
 * and Effect's runtime stay out of a visitor's first load.
 */
const readSession = async (): Promise<User | null> => {
  const response = await fetch("/api/session", { headers: { accept: "application/json" } }).catch(
    () => undefined,
  )
  if (!response?.ok)
    throw new ApiUnavailable("Could not reach Melody Studio. Check your connection and try again.")
  const session = (await response.json()) as typeof SessionView.Encoded
  return session.user
}

export const currentUserQuery = queryOptions({
  queryKey: ["auth", "user"] as const,
  queryFn: readSession,
  staleTime: 5 * 60_000,
  retry: false,
})

export const useCurrentUser = () => useQuery(currentUserQuery)
