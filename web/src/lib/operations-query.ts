import { queryOptions } from "@tanstack/react-query"
import { callApi } from "./api.ts"

/**
 * What the maker in use can do to a song, and the prices of operations and stems: the same for everyone,
 * rarely changed.
 */
export const operationsQuery = queryOptions({
  queryKey: ["song-operations"] as const,
  queryFn: () => callApi((api) => api.operations.list()),
  staleTime: 5 * 60_000,
})
