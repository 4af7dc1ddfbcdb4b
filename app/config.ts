import { Config, ConfigError, Context, Either, Layer, Option, type Redacted } from "effect"
import { parseTrustedProxies, type TrustedProxies } from "./http/client-address.ts"

/**
 * Everything the server reads from its environment, typed and defaulted in one place. With no variables set
 * at all, the product runs fully offline: embedded PostgreSQL and the local stand-ins for every service.
 */
export interface AppConfigShape {
  readonly port: number
  readonly host: string
  /** The address users reach the app at; links in mails and payment returns use it. */
  readonly appUrl: string
  readonly databaseUrl: Option.Option<Redacted.Redacted>
  readonly databasePoolSize: number
  /** Where the embedded database and local media live. */
  readonly dataDir: string
  readonly embeddedPostgresPort: number
  readonly webDist: string
  /** The SPA's source maps, kept apart from what is served: browser errors' stacks are read with them. */
  readonly webSourceMaps: string
  /** The built renderer public pages' first views are drawn with (web/src/server-entry.tsx). */
  readonly webRenderer: string
  readonly logLevel: string
  /** Where privacy requests go; shown in the privacy notice. */
  readonly contactEmail: string
  /** The reverse proxies believed about the client's address and scheme (X-Forwarded-For / -Proto). */
  readonly trustProxy: TrustedProxies
  /** The most live streams (`/api/events`) one process holds; beyond it, pages poll. */
  readonly liveStreamsPerProcess: number
  /**
   * How late a like or a play may show to other readers of the timeline, whose answers are kept that long
   * while only counts move (app/http/response-cache.ts): milliseconds.
   */
  readonly timelineCountsLag: number
}

/** The server logs from `info` by default; the command line from `warn`, so its output stays its own. */
export const logLevelConfig = (fallback: "info" | "warn") =>
  Config.literal(
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "fatal",
  )("LOG_LEVEL").pipe(Config.withDefault(fallback))

export class AppConfig extends Context.Tag("@melody/app/AppConfig")<AppConfig, AppConfigShape>() {}

export const appConfig = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(3000)),
  host: Config.string("HOST").pipe(Config.withDefault("127.0.0.1")),
  appUrl: Config.string("APP_URL").pipe(Config.option),
  databaseUrl: Config.redacted("DATABASE_URL").pipe(Config.option),
  databasePoolSize: Config.integer("DATABASE_POOL_SIZE").pipe(Config.withDefault(10)),
  dataDir: Config.string("DATA_DIR").pipe(Config.withDefault("./.data")),
  embeddedPostgresPort: Config.port("EMBEDDED_POSTGRES_PORT").pipe(Config.withDefault(54329)),
  webDist: Config.string("WEB_DIST").pipe(Config.withDefault("./web/dist")),
  webSourceMaps: Config.string("WEB_SOURCE_MAPS").pipe(Config.withDefault("./web/source-maps")),
  webRenderer: Config.string("WEB_RENDERER").pipe(
    Config.withDefault("./web/dist-ssr/server-entry.js"),
  ),
  logLevel: logLevelConfig("info"),
  contactEmail: Config.string("CONTACT_EMAIL").pipe(Config.withDefault("privacy@melody.studio")),
  trustProxy: Config.string("TRUST_PROXY").pipe(
    Config.withDefault("false"),
    Config.mapOrFail((value) => {
      const trusted = parseTrustedProxies(value)
      return trusted
        ? Either.right(trusted)
        : Either.left(
            ConfigError.InvalidData(
              ["TRUST_PROXY"],
              "TRUST_PROXY must be false, a number of proxy hops, or proxy addresses (CIDR ranges allowed), comma-separated",
            ),
          )
    }),
  ),
  liveStreamsPerProcess: Config.integer("LIVE_STREAMS_PER_PROCESS").pipe(
    Config.withDefault(1_000),
    Config.validate({
      message: "LIVE_STREAMS_PER_PROCESS must be at least 1",
      validation: (n) => n >= 1,
    }),
  ),
  timelineCountsLag: Config.integer("TIMELINE_COUNTS_LAG_MS").pipe(
    Config.withDefault(5_000),
    Config.validate({
      message: "TIMELINE_COUNTS_LAG_MS must be 0 or more",
      validation: (n) => n >= 0,
    }),
  ),
}).pipe(
  Config.map(
    (c): AppConfigShape => ({
      ...c,
      appUrl: Option.getOrElse(c.appUrl, () => `http://localhost:${c.port}`).replace(/\/+$/, ""),
    }),
  ),
)

export const AppConfigLive = Layer.effect(AppConfig, appConfig)

/** What the server says about its configuration at start-up: secrets only as set or not set. */
export const describeConfig = (config: AppConfigShape) => ({
  port: config.port,
  host: config.host,
  appUrl: config.appUrl,
  database: Option.isSome(config.databaseUrl)
    ? "DATABASE_URL (set)"
    : `embedded PostgreSQL on port ${config.embeddedPostgresPort}`,
  dataDir: config.dataDir,
  logLevel: config.logLevel,
  trustProxy:
    config.trustProxy._tag === "None"
      ? "no proxy"
      : config.trustProxy._tag === "Hops"
        ? `${config.trustProxy.hops} proxy hop(s)`
        : config.trustProxy.addresses.join(", "),
})
