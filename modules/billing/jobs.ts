import { Effect, Schema } from "effect"
import { now } from "#toolkit/clock.ts"
import type { JobKind } from "#toolkit/jobs.ts"
import { Billing } from "./billing.ts"
import { reconcileYesterday } from "./reconciliation-job.ts"
import { refundDeclinedSubscription } from "./subscription-refunds.ts"

/**
 * The test mode's stand-in for Stripe's scheduler: hourly, due offline subscriptions are invoiced again and
 * cancelled ones past their end end. With Stripe configured there are none, and this does nothing.
 */
export const renewOfflineSubscriptions: JobKind<unknown, Billing> = {
  // Queued jobs and the schedule carry this name: it keeps the word it was first written with.
  name: "billing:renew-local-subscriptions",
  payload: Schema.Unknown,
  maxAttempts: 3,
  cron: "41 * * * *",
  run: () =>
    Effect.flatMap(Effect.zip(Billing, now), ([billing, date]) =>
      billing.renewOfflineSubscriptions({ now: date, force: false }),
    ),
}

/** Every background job billing runs. */
export const billingJobs = [
  renewOfflineSubscriptions,
  refundDeclinedSubscription,
  reconcileYesterday,
] as const
