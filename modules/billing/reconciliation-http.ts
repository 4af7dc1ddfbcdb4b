import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#api/id.ts"
import { now } from "#toolkit/clock.ts"
import { ReconciliationApi } from "./api-reconciliation.ts"
import { reconciliationCsv } from "./reconciliation-csv.ts"
import { Reconciliations } from "./reconciliations.ts"

const Api = moduleApi(ReconciliationApi)

export const ReconciliationHttpLive = HttpApiBuilder.group(Api, "reconciliation", (handlers) =>
  Effect.gen(function* () {
    const reconciliations = yield* Reconciliations
    const between = (params: { readonly from: string; readonly to: string }) =>
      Effect.flatMap(now, (at) => reconciliations.between(params.from, params.to, at))

    return handlers
      .handle("reconcile", ({ urlParams }) => between(urlParams))
      .handle("reconciliationCsv", ({ urlParams }) =>
        Effect.map(between(urlParams), reconciliationCsv),
      )
      .handle("latestReconciliation", () => reconciliations.latest)
  }),
)
