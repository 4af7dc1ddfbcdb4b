import { apiQuery } from "../../lib/api.ts"

/** The signed-in person's open sessions, newest seen first; read again whenever settings open. */
export const sessionsQuery = apiQuery({
  queryKey: ["account", "sessions"] as const,
  call: (api) => api.account.sessions(),
})
