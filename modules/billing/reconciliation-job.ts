import { Effect, Schema } from "effect"
import { now } from "#toolkit/clock.ts"
import type { JobKind } from "#toolkit/jobs.ts"
import { Reconciliations } from "./reconciliations.ts"

/**
 * Every night, yesterday (UTC) reconciled with Stripe or the test mode: the result is kept for the Finance
 * tab, and a difference is reported in the admin error stream. Late enough that yesterday's webhooks are in.
 */
export const reconcileYesterday: JobKind<unknown, Reconciliations> = {
  name: "billing:reconcile-yesterday",
  payload: Schema.Unknown,
  maxAttempts: 3,
  cron: "17 2 * * *",
  run: () =>
    Effect.flatMap(Effect.zip(Reconciliations, now), ([reconciliations, date]) =>
      Effect.asVoid(reconciliations.daily(date)),
    ),
}
