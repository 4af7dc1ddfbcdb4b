import { Effect } from "effect"
import { eventStoreMigrations, runMigrations } from "#events/store/index.ts"
import { billingMigrations } from "#modules/billing/index.ts"
import { catalogMigrations } from "#modules/catalog/index.ts"
import { identityMigrations } from "#modules/identity/index.ts"
import { notificationMigrations } from "#modules/notifications/index.ts"
import { videosMigrations } from "#modules/videos/index.ts"
import { prepareProjections, projectionMigrations } from "#projections/runner.ts"
import { idempotentRequestsMigrations } from "#toolkit/idempotent-requests.ts"
import { rateLimitMigrations } from "#toolkit/rate-limit.ts"
import { runningJobsMigrations } from "#toolkit/stalled-jobs.ts"
import { projections } from "./projections.ts"

/** Brings the database to the code's shape: the store, each module, then the projections' tables. */
export const migrateAll = Effect.gen(function* () {
  yield* runMigrations("event_store", eventStoreMigrations)
  yield* runMigrations("rate_limits", rateLimitMigrations)
  yield* runMigrations("running_jobs", runningJobsMigrations)
  yield* runMigrations("idempotent_requests", idempotentRequestsMigrations)
  yield* runMigrations("identity", identityMigrations)
  yield* runMigrations("billing", billingMigrations)
  yield* runMigrations("catalog", catalogMigrations)
  yield* runMigrations("videos", videosMigrations)
  yield* runMigrations("notifications", notificationMigrations)
  yield* runMigrations("projections", projectionMigrations)
  yield* prepareProjections(projections)
}).pipe(Effect.withSpan("migrateAll"))
