import { queryOptions, useQuery } from "@tanstack/react-query"
import { callApi } from "./api.ts"

/** What this installation tells the browser about itself (contact address, development mailbox). */
export const siteQuery = queryOptions({
  queryKey: ["site"] as const,
  queryFn: () => callApi((api) => api.system.site()),
  staleTime: Number.POSITIVE_INFINITY,
})

export const useSite = () => useQuery(siteQuery)
