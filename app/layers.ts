import { Effect, Layer } from "effect"
import { EventStoreLive, EventWakeups, SubscriptionLeases } from "#events/store/index.ts"
import { AppConfig, AppConfigLive, appConfig, describeConfig } from "./config.ts"
import { DatabaseLive } from "./database.ts"
import { ErrorReports } from "./error-reports.ts"
import { loggerLayer } from "./logger.ts"
import { migrateAll } from "./migrations.ts"
import { HttpLive } from "./server.ts"
import { WorkersLive } from "./workers.ts"

/** JSON logs through pino, at LOG_LEVEL. */
export const LoggingLive = Layer.unwrapEffect(
  Effect.map(appConfig, (config) => loggerLayer(config.logLevel)),
)

/** The database and the event store on it, migrated. */
export const StoreLive = Layer.mergeAll(
  EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live)),
  SubscriptionLeases.live,
).pipe(Layer.provideMerge(DatabaseLive))

const MigratedLive = Layer.effectDiscard(migrateAll.pipe(Effect.orDie))

const StartupLog = Layer.effectDiscard(
  Effect.flatMap(AppConfig, (config) =>
    Effect.logInfo("Melody Studio starting", describeConfig(config)),
  ),
)

/** Everything one replica runs: HTTP server and background workers, after migrations. */
export const AppLive = Layer.mergeAll(HttpLive, WorkersLive).pipe(
  Layer.provide(MigratedLive),
  Layer.provide(ErrorReports.live),
  Layer.provideMerge(StoreLive),
  Layer.provide(StartupLog),
  Layer.provideMerge(AppConfigLive),
)

/** The same database layers without the HTTP server or workers, for the command line. */
export const ToolsLive = Layer.provideMerge(
  Layer.provideMerge(MigratedLive, StoreLive),
  AppConfigLive,
)
