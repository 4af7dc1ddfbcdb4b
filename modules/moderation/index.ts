/** Moderation: reports of what people made or said, admins' decisions on them, and suspensions. */
export { AlreadyReported, OwnItem, ReportsApi } from "./api.ts"
export { DecisionsApi } from "./api-decisions.ts"
export { Decisions } from "./decisions.ts"
export { DecisionsHttpLive } from "./decisions-http.ts"
export { ReportsHttpLive } from "./http.ts"
export { Reports } from "./reports.ts"
export { liftSuspension, Suspensions } from "./suspensions.ts"

import { liftSuspension } from "./suspensions.ts"

export const moderationJobs = [liftSuspension] as const
