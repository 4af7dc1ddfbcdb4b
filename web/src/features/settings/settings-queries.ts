import { apiQuery } from "../../lib/api.ts"

/** The signed-in person's open sessions, newest seen first; read again whenever settings open. */
export const sessionsQuery = apiQuery({
  queryKey: ["account", "sessions"] as const,
  call: (api) => api.account.sessions(),
})

/** Whether two-step sign-in is on, and how many recovery codes are left. */
export const twoStepQuery = apiQuery({
  queryKey: ["account", "two-step"] as const,
  call: (api) => api.account.twoStep(),
})

/** The person's passkeys, oldest first. */
export const passkeysQuery = apiQuery({
  queryKey: ["account", "passkeys"] as const,
  call: (api) => api.passkeys.list(),
})
