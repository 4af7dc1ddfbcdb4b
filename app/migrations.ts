import { Effect } from "effect"
import { eventStoreMigrations, runMigrations } from "#events/store/index.ts"
import { prepareProjections, projectionMigrations } from "#projections/runner.ts"
import { projections } from "./projections.ts"

/** Brings the database to the code's shape: the store, each module, then the projections' tables. */
export const migrateAll = Effect.gen(function* () {
  yield* runMigrations("event_store", eventStoreMigrations)
  yield* runMigrations("projections", projectionMigrations)
  yield* prepareProjections(projections)
}).pipe(Effect.withSpan("migrateAll"))
