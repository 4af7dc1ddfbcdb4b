import { queryOptions } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"

const finance = ["admin", "reconciliation"] as const

/** The days a reconciliation covers, both included: `YYYY-MM-DD`. */
export interface ReconciliationPeriod {
  readonly from: string
  readonly to: string
}

/** The ledger reconciled with the payment provider for a period, run when asked. */
export const reconciliationQuery = (period: ReconciliationPeriod) =>
  queryOptions({
    queryKey: [...finance, "run", period] as const,
    queryFn: () => callApi((api) => api.reconciliation.reconcile({ urlParams: period })),
    staleTime: 0,
    retry: false,
  })

/** The last daily run's result, if one ran. */
export const latestReconciliationQuery = queryOptions({
  queryKey: [...finance, "latest"] as const,
  queryFn: () => callApi((api) => api.reconciliation.latestReconciliation()),
})

export const reconciliationCsvUrl = (period: ReconciliationPeriod) =>
  `/api/admin/reconciliation/csv?${new URLSearchParams({ ...period }).toString()}`
