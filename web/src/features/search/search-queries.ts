import { apiQuery } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** The longest question the server takes. */
export const questionLimit = 200

/** Songs and creators for a question; asked for only once it holds a word. */
export const searchQuery = (question: string, limit: number) =>
  apiQuery({
    queryKey: songKeys.search(question, limit),
    call: (api) => api.search.search({ urlParams: { q: question, limit } }),
    enabled: /[\p{L}\p{N}]/u.test(question),
    staleTime: 30_000,
  })

/** Where the whole results of a question are. */
export const resultsPath = (question: string) => `/search?q=${encodeURIComponent(question)}`
