import type { SqlClient } from "@effect/sql"
import { Migrator } from "@effect/sql"
import { Effect } from "effect"

export type Migrations = Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>>

const migrator = Migrator.make({})

/**
 * Runs one owner's migrations. Every owner (the store, each module, the projections) keeps its own
 * migrations table, so numbering never has to be agreed across folders. Safe with several replicas
 * starting at once: the migrator locks its table.
 */
export const runMigrations = (owner: string, migrations: Migrations) =>
  migrator({ loader: Migrator.fromRecord(migrations), table: `${owner}_migrations` }).pipe(
    Effect.withSpan("runMigrations", { attributes: { owner } }),
  )
