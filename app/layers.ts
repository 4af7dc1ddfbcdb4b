import { Effect, Layer, Option } from "effect"
import { EventStoreLive, EventWakeups, SubscriptionLeases } from "#events/store/index.ts"
import {
  BillingLive,
  billingConfig,
  CreditLedger,
  describeBillingConfig,
  GenerationCreditsLive,
  RecordedMoney,
} from "#modules/billing/index.ts"
import { Catalog } from "#modules/catalog/index.ts"
import { Comments } from "#modules/comments/index.ts"
import { Avatars, Blocks, Follows, Profiles } from "#modules/community/index.ts"
import {
  AdminOnlyLive,
  AuthenticatedLive,
  Identity,
  IdentityLive,
  identityConfig,
  PersonMailLive,
  ViewerLive,
} from "#modules/identity/index.ts"
import { Decisions, Reports, Suspensions } from "#modules/moderation/index.ts"
import {
  describeMusicConfig,
  MusicEngine,
  MusicLive,
  musicConfig,
  SongWorkLive,
} from "#modules/music/index.ts"
import { EmailSettings, NotificationReadings } from "#modules/notifications/index.ts"
import { Playlists } from "#modules/playlists/index.ts"
import {
  describeSongwritingConfig,
  songwritingConfig,
  songwritingLive,
} from "#modules/songwriting/index.ts"
import { VideosLive } from "#modules/videos/index.ts"
import { CommentReads } from "#projections/comments/reads.ts"
import { CreatorReads } from "#projections/creators/reads.ts"
import { LedgerMoneyReads } from "#projections/credit-ledger/money-reads.ts"
import { CreditLedgerReads } from "#projections/credit-ledger/reads.ts"
import { ModerationQueue } from "#projections/moderation/reads.ts"
import { NotificationReads } from "#projections/notifications/reads.ts"
import { PlaylistReads } from "#projections/playlists/reads.ts"
import { SearchReads } from "#projections/search/reads.ts"
import { SongReads } from "#projections/songs/song-reads.ts"
import { WordListModerationLive } from "#stand-ins/content-checks/word-list.ts"
import { OfflineModelLive } from "#stand-ins/melody/offline-model.ts"
import { MusicEngineLive } from "#stand-ins/music-engine/child-process.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import {
  contentChecksConfig,
  contentChecksLive,
  describeContentChecksConfig,
} from "#toolkit/content-checks/index.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { IdempotentRequests } from "#toolkit/idempotent-requests.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { processRole, rendersHere } from "#toolkit/process-role.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { describeStorageConfig, StorageLive, storageConfig } from "#toolkit/storage/index.ts"
import { AppConfig, AppConfigLive, appConfig, describeConfig } from "./config.ts"
import { DatabaseLive } from "./database.ts"
import { exposureWarnings } from "./exposure.ts"
import { JobWorkerLive } from "./jobs.ts"
import { loggerLayer } from "./logger.ts"
import { migrateAll } from "./migrations.ts"
import { HttpLive } from "./server.ts"
import { MetricsServerLive } from "./telemetry/metrics-server.ts"
import { OtlpFiguresLive, OtlpLive } from "./telemetry/otlp.ts"
import { ProjectionsLive, ReactionsLive, RenderFoldersSweepLive } from "./workers.ts"

/** JSON logs through pino, at LOG_LEVEL. */
export const LoggingLive = Layer.unwrapEffect(
  Effect.map(appConfig, (config) => loggerLayer(config.logLevel)),
)

/** The database and the event store on it. */
export const StoreLive = Layer.mergeAll(
  EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live)),
  SubscriptionLeases.live,
).pipe(Layer.provideMerge(DatabaseLive))

/**
 * What modules share: jobs, rate limits (heavy work's among them), the app's address, error reports, the
 * answers kept for Idempotency-Keys, and the checks of what people publish (offline: the word list).
 */
export const PlatformLive = Layer.mergeAll(
  JobQueue.live,
  IdempotentRequests.live,
  Layer.effect(
    AppUrl,
    Effect.map(AppConfig, (config) => config.appUrl),
  ),
  HeavyWork.live,
  contentChecksLive(WordListModerationLive),
).pipe(Layer.provideMerge(ErrorReports.live), Layer.provideMerge(RateLimiter.live))

/** Every module's services, the read models' own reads, and the middlewares that tell who is calling. */
export const ModulesLive = Layer.mergeAll(
  AuthenticatedLive,
  ViewerLive,
  AdminOnlyLive,
  SongReads.live,
  CreatorReads.live,
  SearchReads.live,
  Follows.live,
  Blocks.live,
  Profiles.live,
  Avatars.live,
  Playlists.live,
  PlaylistReads.live,
  Comments.live,
  CommentReads.live,
  NotificationReadings.live,
  EmailSettings.live,
  Reports.live,
  Decisions.live.pipe(Layer.provideMerge(Suspensions.live)),
  ModerationQueue.live,
  NotificationReads.live,
).pipe(
  Layer.provideMerge(PersonMailLive),
  Layer.provideMerge(IdentityLive),
  Layer.provideMerge(songwritingLive(OfflineModelLive)),
  // Above the catalog and music, which serve storage and music's configuration.
  Layer.provideMerge(
    Layer.mergeAll(SongWorkLive.pipe(Layer.provide(GenerationCreditsLive)), VideosLive),
  ),
  Layer.provideMerge(
    Catalog.live.pipe(
      Layer.provideMerge(
        MusicLive.pipe(Layer.provide(Layer.mergeAll(GenerationCreditsLive, MusicEngineLive))),
      ),
      Layer.provideMerge(StorageLive),
    ),
  ),
  // Last, so that music's credits port above can be served by billing's accounts. Billing reads the
  // credit ledger through its port, whose shape the projection's reads have.
  Layer.provideMerge(
    BillingLive.pipe(
      Layer.provideMerge(Layer.effect(CreditLedger, CreditLedgerReads)),
      Layer.provideMerge(CreditLedgerReads.live),
      Layer.provideMerge(Layer.effect(RecordedMoney, LedgerMoneyReads)),
      Layer.provideMerge(LedgerMoneyReads.live),
    ),
  ),
)

/** Modules and platform on a store, after migrations. Tests pass their own database. */
export const foundation = <E, R>(store: Layer.Layer<Layer.Layer.Success<typeof StoreLive>, E, R>) =>
  ModulesLive.pipe(
    Layer.provideMerge(PlatformLive),
    Layer.provideMerge(Layer.effectDiscard(migrateAll.pipe(Effect.orDie))),
    Layer.provideMerge(store),
  )

/** What happens once the modules are up: the configured administrator gets the role. */
export const Startup = Layer.effectDiscard(
  Effect.flatMap(Identity, (identity) => identity.ensureConfiguredAdmin),
)

/**
 * With no music API, the engine's first render process starts with the server: a creator's first song
 * after a start does not wait for one to load. Tests build an app per file and do without it.
 */
const EngineWarmLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const music = yield* musicConfig
    if (Option.isNone(music.musicApi)) yield* Effect.flatMap(MusicEngine, (engine) => engine.warm)
  }),
).pipe(Layer.provide(MusicEngineLive))

/** What this replica runs with, secrets left out: which database, which model, which payments. */
const StartupLog = Layer.effectDiscard(
  Effect.gen(function* () {
    const app = yield* AppConfig
    const billing = yield* billingConfig
    const songwriting = yield* songwritingConfig
    const music = yield* musicConfig
    const storage = yield* storageConfig
    const contentChecks = yield* contentChecksConfig
    yield* Effect.logInfo("Melody Studio starting", {
      role: yield* processRole,
      ...describeConfig(app),
      ...describeBillingConfig(billing),
      ...describeSongwritingConfig(songwriting),
      ...describeStorageConfig(storage),
      ...describeMusicConfig(music),
      ...describeContentChecksConfig(contentChecks),
    })
    const identity = yield* identityConfig
    for (const warning of exposureWarnings(app, Option.isNone(identity.smtpUrl))) {
      yield* Effect.logWarning(`WARNING: ${warning}`)
    }
  }),
)

const Foundation = foundation(StoreLive).pipe(
  Layer.provide(StartupLog),
  Layer.provideMerge(AppConfigLive),
)

/** What a process that renders runs besides: the background jobs, its engine warm, and dead renders swept. */
const RenderingLive = Layer.mergeAll(
  RenderFoldersSweepLive,
  Layer.unwrapEffect(JobWorkerLive),
  EngineWarmLive,
)

/**
 * Everything one replica runs: the HTTP server (a worker's answers its health checks; the
 * proxy sends people to web replicas), its metrics when asked (`METRICS_PORT`), and as its role says
 * (`ROLE`), the background work: projections, reactions, jobs and renders. A web replica keeps its cores
 * for answering; it reads what the workers' projections write.
 */
export const AppLive = Layer.unwrapEffect(
  Effect.map(processRole, (role) =>
    Layer.mergeAll(
      HttpLive,
      MetricsServerLive,
      OtlpFiguresLive,
      Startup,
      rendersHere(role)
        ? Layer.mergeAll(ProjectionsLive, ReactionsLive, RenderingLive)
        : Layer.empty,
    ),
  ),
).pipe(Layer.provide(Foundation), Layer.provide(OtlpLive))

/** The same services without the HTTP server or background work, for the command line. */
export const ToolsLive = Foundation
