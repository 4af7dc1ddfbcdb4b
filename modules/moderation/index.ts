/** Moderation: reports of what people made or said. */
export { AlreadyReported, OwnItem, ReportsApi } from "./api.ts"
export { ReportsHttpLive } from "./http.ts"
export { Reports } from "./reports.ts"
