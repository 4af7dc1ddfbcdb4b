import { createServer } from "node:http"
import { HttpApiBuilder, HttpApiSwagger, HttpMiddleware, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Option } from "effect"
import { BillingHttpLive, ReconciliationHttpLive } from "#modules/billing/index.ts"
import { CatalogHttpLive } from "#modules/catalog/index.ts"
import { CommentsHttpLive } from "#modules/comments/index.ts"
import { AvatarsHttpLive, CommunityHttpLive } from "#modules/community/index.ts"
import {
  AccountHttpLive,
  EmailLinksHttpLive,
  Identity,
  IdentityHttpLive,
  PasskeysHttpLive,
} from "#modules/identity/index.ts"
import { DecisionsHttpLive, ReportsHttpLive } from "#modules/moderation/index.ts"
import {
  GenerationHttpLive,
  OperationsHttpLive,
  StemsHttpLive,
  VoicesHttpLive,
} from "#modules/music/index.ts"
import { NotificationReadingHttpLive } from "#modules/notifications/index.ts"
import { PlaylistsHttpLive } from "#modules/playlists/index.ts"
import { SongwritingHttpLive } from "#modules/songwriting/index.ts"
import { VideoHttpLive } from "#modules/videos/index.ts"
import { AdminHttpLive } from "#projections/admin/http.ts"
import { CommentReadsHttpLive } from "#projections/comments/http.ts"
import { CreatorsHttpLive } from "#projections/creators/http.ts"
import { CreatorReads } from "#projections/creators/reads.ts"
import { CreditLedgerHttpLive } from "#projections/credit-ledger/http.ts"
import { LiveHttpLive } from "#projections/live/http.ts"
import { LiveSessions } from "#projections/live/live-sessions.ts"
import { LiveStreams } from "#projections/live/live-streams.ts"
import { ModerationQueueHttpLive } from "#projections/moderation/http.ts"
import { NotificationReadsHttpLive } from "#projections/notifications/http.ts"
import { PlaylistReadsHttpLive } from "#projections/playlists/http.ts"
import { PlaylistReads } from "#projections/playlists/reads.ts"
import { SearchHttpLive } from "#projections/search/http.ts"
import { EmbedsHttpLive } from "#projections/songs/embeds-http.ts"
import { SongsHttpLive } from "#projections/songs/http.ts"
import { SongReads } from "#projections/songs/song-reads.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { IdempotentRequests } from "#toolkit/idempotent-requests.ts"
import { storageConfig } from "#toolkit/storage/index.ts"
import { MelodyApi } from "./api.ts"
import { makeCachedReads } from "./cached-reads.ts"
import { AppConfig } from "./config.ts"
import { mailboxMayAnswer } from "./exposure.ts"
import { firstViewReads } from "./first-view-reads.ts"
import { bodyTypesOf } from "./http/body-types.ts"
import { edge } from "./http/edge.ts"
import { makeEmbedPages } from "./http/embed-pages.ts"
import { firstViews } from "./http/first-view/first-views.ts"
import { loadRenderer } from "./http/first-view/renderer.ts"
import { idempotent } from "./http/idempotency.ts"
import { pageScriptSources } from "./http/page-scripts.ts"
import { ProjectionsHttpLive } from "./http/projections-http.ts"
import { makeResponseCache } from "./http/response-cache.ts"
import { routesOf } from "./http/routes.ts"
import { sendSecurityHeaders } from "./http/security-headers.ts"
import { makeSiteFiles } from "./http/site-files.ts"
import { makeStaticFiles } from "./http/static-files.ts"
import { SystemHttpLive } from "./http/system-http.ts"
import { tracesExported } from "./telemetry/otlp.ts"

/** The API's reads that depend only on the URL for everyone without a session: kept at the edge, and cacheable. */
const publicReads = new Set(["/api/songs/public"])

/**
 * The requests that spend credits or start a payment, which honour an Idempotency-Key: a generation, each
 * operation on a song, stems, a video (lyric videos are videos), a pack's or a plan's checkout, and a
 * change of plan (an upgrade is charged at once).
 */
const paidPaths = [
  /^\/api\/generate-song$/,
  /^\/api\/songs\/[^/]+\/(extend|replace-section|restyle|stems)$/,
  /^\/api\/videos\/generate$/,
  /^\/api\/payments\/create-payment-intent$/,
  /^\/api\/subscription\/create$/,
  /^\/api\/subscription\/change$/,
]

/** The open pages' live streams, which end with their sessions as identity keeps them. */
const LiveStreamsLive = Layer.unwrapEffect(
  Effect.map(AppConfig, (config) => LiveStreams.layer(config.liveStreamsPerProcess)),
).pipe(
  Layer.provide(
    Layer.effect(
      LiveSessions,
      Effect.map(Identity, (identity) => ({ stillOpen: identity.openSessions })),
    ),
  ),
)

/** The API's handlers, one group per module. */
const ApiLive = HttpApiBuilder.api(MelodyApi).pipe(
  Layer.provide([
    SystemHttpLive,
    IdentityHttpLive,
    AccountHttpLive,
    PasskeysHttpLive,
    EmailLinksHttpLive,
    BillingHttpLive,
    ReconciliationHttpLive,
    CreditLedgerHttpLive,
    SongwritingHttpLive,
    SongsHttpLive,
    EmbedsHttpLive,
    CatalogHttpLive,
    CommunityHttpLive,
    AvatarsHttpLive,
    CreatorsHttpLive,
    PlaylistsHttpLive,
    PlaylistReadsHttpLive,
    CommentsHttpLive,
    CommentReadsHttpLive,
    NotificationReadingHttpLive,
    NotificationReadsHttpLive,
    ReportsHttpLive,
    DecisionsHttpLive,
    ModerationQueueHttpLive,
    SearchHttpLive,
    GenerationHttpLive,
    OperationsHttpLive,
    VoicesHttpLive,
    StemsHttpLive,
    LiveHttpLive.pipe(Layer.provide(LiveStreamsLive)),
    VideoHttpLive,
    AdminHttpLive,
    ProjectionsHttpLive,
  ]),
)

/** The HTTP server: the API under /api (documented at /api/docs), the SPA everywhere else. */
export const HttpLive = Layer.unwrapEffect(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const reports = yield* ErrorReports
    const songs = yield* SongReads
    const creators = yield* CreatorReads
    const playlists = yield* PlaylistReads
    const identity = yield* Identity
    const requests = yield* IdempotentRequests
    const secure = config.appUrl.startsWith("https://")
    const traced = yield* tracesExported
    const routeOf = routesOf(MelodyApi)
    const mediaOrigin = Option.match((yield* storageConfig).s3, {
      onNone: () => undefined,
      onSome: (s3) => s3.endpoint?.origin,
    })
    const pageScripts = yield* Effect.promise(() => pageScriptSources(config.webDist))
    const render = yield* loadRenderer(config.webRenderer)
    const reads = yield* firstViewReads
    const staticFiles = makeStaticFiles(
      config.webDist,
      firstViews(reads, render, config.appUrl),
      (session) => Effect.map(identity.sessionHolder(session), (holder) => holder !== undefined),
    )
    const siteFiles = makeSiteFiles(
      {
        publicSongCount: songs.publicSongCount,
        listedSongs: songs.listedSongs,
        listedCreatorCount: creators.listedCreatorCount,
        listedCreators: creators.listedCreators,
        listedPlaylistCount: playlists.listedPlaylistCount,
        listedPlaylists: playlists.listedPlaylists,
      },
      config.appUrl,
    )
    const embedPages = makeEmbedPages(reads, config.appUrl)
    const withEdge = edge({
      staticFiles: (pathname, acceptEncoding, session, search) =>
        Effect.flatMap(
          Effect.flatMap(siteFiles(pathname), (file) =>
            file ? Effect.succeed(file) : embedPages(pathname),
          ),
          (file) =>
            file ? Effect.succeed(file) : staticFiles(pathname, acceptEncoding, session, search),
        ),
      recordError: reports.recordFromCaller,
      appUrl: new URL(config.appUrl),
      passkeyOrigin: identity.passkeyOrigin,
      secure,
      trustProxy: config.trustProxy,
      localPathsOpen: mailboxMayAnswer(config),
      bodyTypes: bodyTypesOf(MelodyApi),
      routeOf,
      publicReads,
      idempotency: idempotent({ paidPaths, holderOf: identity.sessionHolder, requests }),
      responseCache: makeResponseCache({
        reads: yield* makeCachedReads(songs),
        countsMayLag: config.timelineCountsLag,
        holderOf: identity.knownHolder,
      }),
    })
    // Like HttpApiBuilder.serve, but the edge wraps the API app itself rather than being a server middleware,
    // which only sees responses after they are sent: the edge must be able to change them.
    const served = Layer.unwrapEffect(
      Effect.map(HttpApiBuilder.httpApp, (api) => HttpServer.serve(withEdge(api))),
    ).pipe(
      Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer]),
      // Without a collector a span per request would be built and thrown away: each request is identified
      // by its request id in the log line and error reports instead. Health checks are never traced.
      HttpMiddleware.withTracerDisabledWhen(
        (request) => !traced || request.url.startsWith("/api/health"),
      ),
      // Named by the contract's route, so that traces group as metrics do, whatever the paths hold.
      HttpMiddleware.withSpanNameGenerator(
        (request) =>
          `${request.method} ${routeOf(request.method, request.url.split("?")[0] ?? "/")}`,
      ),
    )
    return served.pipe(
      Layer.provide(HttpApiSwagger.layer({ path: "/api/docs" })),
      Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" })),
      Layer.provide(ApiLive),
      // The address to open is APP_URL, which may name the host the server listens on differently.
      (layer) =>
        Layer.effectDiscard(
          HttpServer.addressFormattedWith((address) =>
            Effect.log(`Listening on ${address}: open ${config.appUrl}`),
          ),
        ).pipe(Layer.provideMerge(layer)),
      Layer.provideMerge(
        NodeHttpServer.layer(
          () => createServer().on("request", sendSecurityHeaders(secure, mediaOrigin, pageScripts)),
          {
            port: config.port,
            host: config.host,
          },
        ),
      ),
    )
  }),
)
