import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { ReportsApi } from "./api.ts"
import { Reports } from "./reports.ts"

export const ReportsHttpLive = HttpApiBuilder.group(moduleApi(ReportsApi), "reports", (handlers) =>
  Effect.gen(function* () {
    const reports = yield* Reports
    return handlers.handle("report", ({ payload }) =>
      Effect.flatMap(CurrentUser, (user) => reports.file(user, payload)),
    )
  }),
)
