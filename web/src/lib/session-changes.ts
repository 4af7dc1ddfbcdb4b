import { useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "./api.ts"
import { currentUserQuery, type User } from "./session.ts"

/**
 * Everything cached on behalf of the previous user goes when the user changes; what the new user sees is
 * fetched again.
 */
export const useSwitchUser = () => {
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
