import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** A column of a set-based insert: its name, its PostgreSQL type and how a row gives its value. */
export type Column<Row> = readonly [name: string, type: string, value: (row: Row) => unknown]

/**
 * Inserts a batch in one statement, one array per column (`unnest`): a projection's batch of a thousand
 * rows costs one round trip. `onConflict` is the statement's `on conflict ...` clause, if any.
 */
export const insertRows = <Row>(
  table: string,
  columns: ReadonlyArray<Column<Row>>,
  rows: ReadonlyArray<Row>,
  onConflict = "",
) =>
  rows.length === 0
    ? Effect.void
    : Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql.unsafe(
          `insert into ${table} (${columns.map(([name]) => name).join(", ")})
           select * from unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")})
           ${onConflict}`,
          columns.map(([, , value]) => rows.map(value)),
        ),
      ).pipe(Effect.asVoid)
