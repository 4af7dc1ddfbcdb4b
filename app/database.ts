import { join } from "node:path"
import { Effect, Layer, Option, Redacted } from "effect"
import { ensureDatabase } from "#events/store/databases.ts"
import { startEmbeddedPostgres } from "#events/store/embedded-postgres.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { AppConfig } from "./config.ts"

/**
 * The database connection: DATABASE_URL when set; otherwise an embedded PostgreSQL kept under the data
 * folder, started with the app and stopped with it.
 */
export const DatabaseLive = Layer.unwrapScoped(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const url = yield* Option.match(config.databaseUrl, {
      onSome: Effect.succeed,
      onNone: () =>
        Effect.gen(function* () {
          const dataDir = join(config.dataDir, "postgres")
          const server = yield* Effect.acquireRelease(
            Effect.promise(() =>
              startEmbeddedPostgres({ dataDir, port: config.embeddedPostgresPort }),
            ),
            (running) => Effect.promise(() => running.stop()),
          )
          yield* Effect.logInfo(
            `Embedded PostgreSQL running on 127.0.0.1:${config.embeddedPostgresPort}, data in ${dataDir}`,
          )
          return Redacted.make(
            yield* Effect.promise(() => ensureDatabase(server.adminUrl, "melody")),
          )
        }),
    })
    return pgClientLayer({
      url,
      maxConnections: config.databasePoolSize,
      applicationName: "melody-studio",
    })
  }),
)
