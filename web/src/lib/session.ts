import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { UserView } from "#modules/identity/api.ts"
import { callApi } from "./api.ts"

export type User = UserView

/**
 * Who is signed in: the user, or null. Asked of /api/session, which answers a visitor without a session
 * as nobody rather than with a 401 (an error in every browser's console). Kept five minutes, never retried.
 */
export const currentUserQuery = queryOptions({
  queryKey: ["auth", "user"] as const,
  queryFn: (): Promise<User | null> =>
    callApi((api) => api.identity.session()).then((session) => session.user),
  staleTime: 5 * 60_000,
  retry: false,
})

export const useCurrentUser = () => useQuery(currentUserQuery)

/**
 * Everything cached on behalf of the previous user goes when the user changes; what the new user sees is
 * fetched again.
 */
const useSwitchUser = () => {
  const queryClient = useQueryClient()
  return (user: User | null) => {
    queryClient.setQueryData(currentUserQuery.queryKey, user)
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== "auth" && query.queryKey[0] !== "site",
    })
  }
}

export const useLogin = () => {
  const switchUser = useSwitchUser()
  return useMutation({
    mutationFn: (payload: { readonly username: string; readonly password: string }) =>
      callApi((api) => api.identity.login({ payload })),
    onSuccess: (answer) => switchUser(answer.user),
  })
}

export const useRegister = () => {
  const switchUser = useSwitchUser()
  return useMutation({
    mutationFn: (payload: {
      readonly username: string
      readonly email: string
      readonly password: string
      readonly name: string
      readonly acceptTerms: true
    }) => callApi((api) => api.identity.register({ payload })),
    onSuccess: (answer) => switchUser(answer.user),
  })
}

export const useLogout = () => {
  const switchUser = useSwitchUser()
  return useMutation({
    mutationFn: () => callApi((api) => api.identity.logout()),
    onSuccess: () => switchUser(null),
  })
}
