import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"
import { type LedgerFilters, ledgerParams, noLedgerFilters } from "./ledger-filters.ts"
import { type ListFilters, toUrlParams } from "./list-filters.ts"

/** The dashboard's lists follow the app as it runs: read again every 5 seconds while shown. */
export const adminPollInterval = 5000

export const pageSize = 25

const admin = ["admin"] as const

export const interactionsQuery = (filters: ListFilters, offset: number) =>
  queryOptions({
    queryKey: [...admin, "interactions", { filters, offset }] as const,
    queryFn: () =>
      callApi((api) =>
        api.admin.interactions({ urlParams: toUrlParams(filters, pageSize, offset) }),
      ),
    refetchInterval: adminPollInterval,
    placeholderData: keepPreviousData,
  })

export const errorsQuery = (filters: ListFilters, offset: number) =>
  queryOptions({
    queryKey: [...admin, "errors", { filters, offset }] as const,
    queryFn: () =>
      callApi((api) => api.admin.errors({ urlParams: toUrlParams(filters, pageSize, offset) })),
    refetchInterval: adminPollInterval,
    placeholderData: keepPreviousData,
  })

/** A stream may have grown since it was last opened: read afresh each time. */
export const streamQuery = (streamId: string) =>
  queryOptions({
    queryKey: [...admin, "stream", streamId] as const,
    queryFn: () => callApi((api) => api.admin.stream({ path: { streamId } })),
    staleTime: 0,
  })

const projections = [...admin, "projections"] as const

export const projectionsQuery = queryOptions({
  queryKey: projections,
  queryFn: () => callApi((api) => api.projections.status()),
  refetchInterval: adminPollInterval,
})

export const userSearchQuery = (query: string) =>
  queryOptions({
    queryKey: [...admin, "users", query] as const,
    queryFn: () => callApi((api) => api.admin.users({ urlParams: { query } })),
    staleTime: 0,
  })

export const ledgerQuery = (userId: string, filters: LedgerFilters = noLedgerFilters, offset = 0) =>
  queryOptions({
    queryKey: [...admin, "ledger", userId, filters, offset] as const,
    queryFn: () =>
      callApi((api) =>
        api.billing.ledger({
          path: { userId },
          urlParams: { ...ledgerParams(filters), offset: String(offset) },
        }),
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })

/** Same origin and the session cookie: a plain link downloads it, filtered as the ledger shows. */
export const ledgerCsvUrl = (userId: string, filters: LedgerFilters = noLedgerFilters) => {
  const params = new URLSearchParams(ledgerParams(filters)).toString()
  return `/api/admin/ledger/${encodeURIComponent(userId)}/csv${params && `?${params}`}`
}

export const statementQuery = (userId: string, month: string) =>
  queryOptions({
    queryKey: [...admin, "statement", userId, month] as const,
    queryFn: () =>
      callApi((api) => api.billing.ledgerStatement({ path: { userId }, urlParams: { month } })),
    staleTime: 0,
  })

/** Empties the projection's read model and replays every event into it. */
export const useRebuildProjection = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => callApi((api) => api.projections.rebuild({ path: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projections }),
  })
}
