import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query"
import type { PlanId } from "#events/contracts/billing.ts"
import { callApi, callPaidApi, paidMutation } from "../../lib/api.ts"
import { liveKeys } from "../../lib/live-stream.ts"
import { useCurrentUser } from "../../lib/session.ts"

/** Everything about a user's credits lives under this key, so one invalidation refreshes it all. */
const credits = liveKeys.credits

/**
 * Asked before the balance where the server gives free daily credits: on the day's first request it tops
 * them up (and answers once the balance shows them), and it says how many are left and when the next ones
 * come. Null where there are none.
 */
const freeCredits = async (client: QueryClient) => {
  const { dailyFreeCredits } = await client.ensureQueryData(priceListQuery)
  return dailyFreeCredits > 0 ? callApi((api) => api.freeCredits.freeCredits()) : null
}

/** The balance: stale after 30 s, refetched on focus, asked only when someone is signed in. */
export const balanceQuery = queryOptions({
  queryKey: [...credits, "balance"] as const,
  queryFn: ({ client }) =>
    freeCredits(client)
      .then(() => callApi((api) => api.creditLedger.credits()))
      .then((answer) => answer.credits),
  staleTime: 30_000,
  refetchOnWindowFocus: true,
})

/** The balance with what open disputes hold of it and the free daily credits, for the credits page. */
export const standingQuery = queryOptions({
  queryKey: [...credits, "standing"] as const,
  queryFn: async ({ client }) => {
    const free = await freeCredits(client)
    const standing = await callApi((api) => api.creditLedger.credits())
    return { credits: standing.credits, held: standing.held, free }
  },
  refetchOnWindowFocus: true,
})

export const useStanding = () => {
  const { data: user } = useCurrentUser()
  return useQuery({ ...standingQuery, enabled: Boolean(user) })
}

export const useBalance = () => {
  const { data: user } = useCurrentUser()
  return useQuery({ ...balanceQuery, enabled: Boolean(user) })
}

export const usageQuery = queryOptions({
  queryKey: [...credits, "usage"] as const,
  queryFn: () => callApi((api) => api.creditLedger.usage()),
})

export const transactionsQuery = queryOptions({
  queryKey: [...credits, "transactions"] as const,
  queryFn: () => callApi((api) => api.creditLedger.transactions()),
})

export const subscriptionQuery = queryOptions({
  queryKey: [...credits, "subscription"] as const,
  queryFn: () => callApi((api) => api.billing.subscriptionStatus()),
})

/** Packs and plans with the server's prices; the same for everyone. */
export const priceListQuery = queryOptions({
  queryKey: ["site", "price-list"] as const,
  queryFn: () => callApi((api) => api.billing.priceList()),
})

/** After money moved: the balance, the histories and the subscription are read again. */
export const useRefreshCredits = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: credits })
}

/** Opens a pack's checkout and goes there. */
export const useBuyPack = () =>
  useMutation({
    mutationFn: (pack: {
      readonly id: string
      readonly credits: number
      readonly priceCents: number
      readonly name: string
    }) =>
      callPaidApi((api) =>
        api.billing.createPaymentIntent({
          payload: {
            amount: pack.priceCents / 100,
            credits: pack.credits,
            description: `${pack.name} pack`,
          },
        }),
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  })

export const useSubscribe = () =>
  useMutation({
    ...paidMutation((api, planId: PlanId) =>
      api.billing.createSubscription({ payload: { planId } }),
    ),
    onSuccess: ({ url }) => window.location.assign(url),
  })

export const useCancelSubscription = () => {
  const refresh = useRefreshCredits()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi((api) => api.billing.cancelSubscription()),
    onSuccess: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ["auth", "user"] })])
    },
  })
}

/** Changes an active subscriber's plan: a dearer one now (charged at once), a cheaper one at renewal. */
export const useChangePlan = () => {
  const refresh = useRefreshCredits()
  return useMutation({
    ...paidMutation((api, plan: PlanId) => api.billing.changePlan({ payload: { plan } })),
    onSuccess: () => refresh(),
  })
}
