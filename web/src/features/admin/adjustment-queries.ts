import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"
import { adminPollInterval } from "./admin-queries.ts"

const pending = ["admin", "adjustments", "pending"] as const
const ledgers = ["admin", "ledger"] as const

/** Adjustments waiting for a second admin, read again while shown: another admin may act on them. */
export const pendingAdjustmentsQuery = queryOptions({
  queryKey: pending,
  queryFn: () => callApi((api) => api.billing.pendingAdjustments()),
  refetchInterval: adminPollInterval,
})

/** After any adjustment: the pending list and every ledger shown are read again. */
const useRefresh = () => {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pending }),
      queryClient.invalidateQueries({ queryKey: ledgers }),
    ])
}

export interface AdjustmentAsked {
  readonly amount: number
  readonly reason: string
  readonly ticket: string
}

export const useRequestAdjustment = (userId: string) => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ amount, reason, ticket }: AdjustmentAsked) =>
      callApi((api) =>
        api.billing.adjustCredits({
          path: { userId },
          payload: { amount, reason, ...(ticket.trim() === "" ? {} : { ticket }) },
        }),
      ),
    onSettled: refresh,
  })
}

export type AdjustmentDecision =
  | { readonly action: "approve" }
  | { readonly action: "reject"; readonly reason: string }

export const useDecideAdjustment = (adjustmentId: string) => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (decision: AdjustmentDecision) => {
      const path = { adjustmentId }
      return decision.action === "approve"
        ? callApi((api) => api.billing.approveAdjustment({ path }))
        : callApi((api) =>
            api.billing.rejectAdjustment({ path, payload: { reason: decision.reason } }),
          )
    },
    onSettled: refresh,
  })
}
