import { SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Redacted } from "effect"
import pg from "pg"

const int8 = 20

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === int8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
}

/**
 * A session left idle inside a transaction holds its transaction id, and with it every subscription's
 * read fence in the cluster; PostgreSQL ends such sessions after a minute.
 *
 * No JIT: every statement we run is a short indexed read or write, and a plan the planner overestimates
 * (a table not yet analyzed) was compiled on every call, 12 ms for a page that runs in 0.3 ms.
 */
const withSessionSettings = (url: string): string => {
  const parsed = new URL(url)
  if (!parsed.searchParams.has("options")) {
    parsed.searchParams.set("options", "-c idle_in_transaction_session_timeout=60000 -c jit=off")
  }
  return parsed.toString()
}

/**
 * The connection pool itself, for the few hot paths (the event store's appends) where the driver layer's
 * own cost per query would show; everything else goes through `SqlClient`, on the same pool.
 */
export class PgPool extends Context.Tag("@melody/events/PgPool")<PgPool, pg.Pool>() {}

/**
 * The one way we connect to PostgreSQL: one pool, shared by `SqlClient`/`PgClient` and `PgPool`. bigint
 * columns come back as numbers (positions and counts stay far below 2^53; xid8 values are always selected
 * as text).
 */
export const pgClientLayer = (options: {
  readonly url: Redacted.Redacted
  readonly maxConnections?: number
  readonly applicationName?: string
}) => {
  const applicationName = options.applicationName ?? "melody-studio"
  const poolLayer = Layer.scoped(
    PgPool,
    Effect.acquireRelease(
      Effect.tryPromise({
        try: async () => {
          const pool = new pg.Pool({
            connectionString: withSessionSettings(Redacted.value(options.url)),
            max: options.maxConnections ?? 10,
            idleTimeoutMillis: 30_000,
            connectionTimeoutMillis: 10_000,
            application_name: applicationName,
            types,
          })
          // Errors of idle connections surface on their next use; without listeners they would crash the process.
          pool.on("error", () => undefined)
          pool.on("connect", (client) => client.on("error", () => undefined))
          await pool.query("select 1")
          return pool
        },
        catch: (cause) =>
          new SqlError.SqlError({ cause, message: "Could not connect to PostgreSQL" }),
      }),
      (pool) => Effect.promise(() => pool.end()).pipe(Effect.timeoutOption("2 seconds")),
    ),
  )
  const clientLayer = Layer.unwrapEffect(
    Effect.map(PgPool, (pool) =>
      PgClient.layerFromPool({ acquire: Effect.succeed(pool), applicationName, types }),
    ),
  )
  return clientLayer.pipe(Layer.provideMerge(poolLayer))
}
