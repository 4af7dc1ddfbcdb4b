import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"

const ledger = (userId: string) => ["admin", "ledger", userId] as const

/** A person's payments with what refunds and disputes took; under the ledger's key, refreshed with it. */
export const paymentsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...ledger(userId), "payments"] as const,
    queryFn: () => callApi((api) => api.billing.payments({ path: { userId } })),
    staleTime: 0,
  })

/** What an admin does to a test-mode payment. */
export type Reversal =
  | { readonly action: "refund"; readonly amountCents?: number }
  | { readonly action: "dispute" }
  | { readonly action: "close"; readonly outcome: "won" | "lost" }

/** Refunds or disputes one payment; the ledger and the payments are read again after it. */
export const useReversal = (userId: string, paymentId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reversal: Reversal) => {
      const path = { userId, paymentId }
      switch (reversal.action) {
        case "refund": {
          const { amountCents } = reversal
          const payload = amountCents === undefined ? {} : { amountCents }
          return callApi((api) => api.billing.refundPayment({ path, payload }))
        }
        case "dispute":
          return callApi((api) => api.billing.openDispute({ path }))
        case "close":
          return callApi((api) =>
            api.billing.closeDispute({ path, payload: { outcome: reversal.outcome } }),
          )
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledger(userId) }),
  })
}
