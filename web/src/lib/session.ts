import { queryOptions, useQuery } from "@tanstack/react-query"
import type { UserView } from "#modules/identity/api.ts"
import { readPublic } from "./public-read.ts"

export type User = UserView

/**
 * Who is signed in: the user, or null. Asked of /api/session, which answers a visitor without a session
 * as nobody rather than with a 401 (an error in every browser's console). Kept five minutes, never retried.
 * Every page asks it first, public ones included, so it is a public read.
 */
export const currentUserQuery = queryOptions({
  queryKey: ["auth", "user"] as const,
  queryFn: (): Promise<User | null> =>
    readPublic("identity.session", {}).then((session) => session.user),
  staleTime: 5 * 60_000,
  retry: false,
})

export const useCurrentUser = () => useQuery(currentUserQuery)
