import { QueryClient } from "@tanstack/react-query"

/**
 * Data is never stale by default, never retried and not refetched on focus (the spec's defaults); the
 * few reads that behave otherwise (credits, song lists) say so in their own query options.
 */
export const makeQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
