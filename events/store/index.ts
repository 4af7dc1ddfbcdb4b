export type { Checkpoint, SubscriptionReport, SubscriptionStatus } from "./checkpoints.ts"
export { awaitCommittedReadable } from "./committed-reads.ts"
export { appendErrorReport, type ErrorFacts } from "./error-stream.ts"
export * from "./errors.ts"
export {
  type AppendRequest,
  type AppendResult,
  EventStore,
  layer as EventStoreLive,
} from "./event-store.ts"
export * from "./expected-version.ts"
export { SubscriptionLeases } from "./leases.ts"
export { eventStoreMigrations } from "./migrations.ts"
export * from "./position.ts"
export * from "./recorded-event.ts"
export { type Migrations, runMigrations } from "./run-migrations.ts"
export { makeSnapshots, type Snapshot, type StreamHead } from "./snapshots.ts"
export { drainSubscription, runSubscription, type Subscription } from "./subscription.ts"
export { awaitPosition, subscriptionControl } from "./subscription-progress.ts"
export type { SubscriptionTiming } from "./subscription-timing.ts"
export * from "./wakeups.ts"
