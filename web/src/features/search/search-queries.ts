import { apiQuery } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** The longest question the server takes. */
export const questionLimit = 200

/** Whether a question holds something to look for: a word of two characters at least. */
export const searchable = (question: string) => /[\p{L}\p{N}]{2}/u.test(question)

/** Songs and creators for a question; asked for only once it is searchable. */
export const searchQuery = (question: string, limit: number) =>
  apiQuery({
    queryKey: songKeys.search(question, limit),
    call: (api) => api.search.search({ urlParams: { q: question, limit } }),
    enabled: searchable(question),
    staleTime: 30_000,
  })

/** Where the whole results of a question are. */
export const resultsPath = (question: string) => `/search?q=${encodeURIComponent(question)}`
