import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Viewer } from "#api/auth.ts"
import { apiId, apiPrefix } from "#api/id.ts"
import { withMessage } from "#api/messages.ts"
import { TooManyRequests } from "#api/refusals.ts"
import { BillingApi, FreeCreditsApi, ReceiptsApi, ReconciliationApi } from "#modules/billing/api.ts"
import { CatalogApi } from "#modules/catalog/api.ts"
import { CommentsApi } from "#modules/comments/api.ts"
import { CommunityApi } from "#modules/community/api.ts"
import { AvatarsApi } from "#modules/community/api-avatars.ts"
import { IdentityApi } from "#modules/identity/api.ts"
import { AccountApi, EmailLinksApi } from "#modules/identity/api-account.ts"
import { PasskeySignInApi, PasskeysApi } from "#modules/identity/api-passkeys.ts"
import { ReportsApi } from "#modules/moderation/api.ts"
import { DecisionsApi } from "#modules/moderation/api-decisions.ts"
import { GenerationApi, OperationsApi, StemsApi, VoicesApi } from "#modules/music/api.ts"
import { NotificationReadingApi } from "#modules/notifications/api.ts"
import { PlaylistsApi } from "#modules/playlists/api.ts"
import { SongwritingApi } from "#modules/songwriting/api.ts"
import { VideoApi } from "#modules/videos/api.ts"
import { AdminApi } from "#projections/admin/api.ts"
import { CommentReadsApi } from "#projections/comments/api.ts"
import { CreatorsApi } from "#projections/creators/api.ts"
import { CreditLedgerApi } from "#projections/credit-ledger/api.ts"
import { LiveApi } from "#projections/live/api.ts"
import { ModerationQueueApi } from "#projections/moderation/api.ts"
import { NotificationReadsApi } from "#projections/notifications/api.ts"
import { PlaylistReadsApi } from "#projections/playlists/api.ts"
import { SearchApi } from "#projections/search/api.ts"
import { SongsApi } from "#projections/songs/api.ts"
import { EmbedsApi } from "#projections/songs/api-embeds.ts"
import { ProjectionsApi } from "./projections-api.ts"

/**
 * The one HTTP API: every module's group under /api. Server handlers, the SPA's typed client and the
 * OpenAPI document at /api/docs all come from this value.
 */

export class ProjectionHealth extends Schema.Class<ProjectionHealth>("ProjectionHealth")({
  name: Schema.String,
  status: Schema.Literal("running", "paused"),
  behind: Schema.Int,
  lagMs: Schema.Number,
  deadLetters: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
}) {}

export class Health extends Schema.Class<Health>("Health")({
  status: Schema.Literal("ok", "degraded"),
  database: Schema.Struct({ ok: Schema.Boolean, latencyMs: Schema.Number }),
  projections: Schema.Array(ProjectionHealth),
  /** Settings an operator must fix before others use this server (see app/exposure.ts). */
  warnings: Schema.Array(Schema.String),
}) {}

export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()(
  "ServiceUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

/** The request could not be read at all (for example a body that is not JSON). */
export class MalformedRequest extends Schema.TaggedError<MalformedRequest>()(
  "MalformedRequest",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class InternalError extends Schema.TaggedError<InternalError>()(
  "InternalError",
  { message: Schema.String, requestId: Schema.String },
  HttpApiSchema.annotations({ status: 500 }),
) {}

const text = (what: string, max: number) =>
  withMessage(
    Schema.String.pipe(Schema.maxLength(max)),
    `${what} must be a text of at most ${max} characters`,
  )

export const ClientErrorReport = Schema.Struct({
  message: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2000)),
    "message must be a text of 1 to 2000 characters",
  ),
  stack: Schema.optionalWith(text("stack", 20_000), { exact: true }),
  url: Schema.optionalWith(text("url", 2000), { exact: true }),
  context: Schema.optionalWith(
    withMessage(
      Schema.Record({ key: Schema.String, value: Schema.Unknown }),
      "context must be an object",
    ),
    { exact: true },
  ),
})

/** What the browser app needs to know about this installation. */
export class SiteInfo extends Schema.Class<SiteInfo>("SiteInfo")({
  /** Where privacy and rights requests go. */
  contactEmail: Schema.String,
  /** Mail stays in the development mailbox (offline mode). */
  devMailbox: Schema.Boolean,
}) {}

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("health", "/health")
      .setUrlParams(
        Schema.Struct({
          projections: Schema.optionalWith(
            withMessage(Schema.BooleanFromString, "projections must be true or false"),
            { exact: true },
          ),
        }),
      )
      .addSuccess(Health)
      .addError(ServiceUnavailable),
  )
  .add(
    HttpApiEndpoint.post("reportClientError", "/client-errors")
      .setPayload(ClientErrorReport)
      .addSuccess(HttpApiSchema.Accepted)
      .addError(TooManyRequests)
      .middleware(Viewer),
  )
  .add(HttpApiEndpoint.get("site", "/site").addSuccess(SiteInfo))
  .annotate(OpenApi.Description, "Health of the service, and errors the browser app reports.") {}

export class MelodyApi extends HttpApi.make(apiId)
  .add(SystemApi)
  .add(IdentityApi)
  .add(AccountApi)
  .add(PasskeysApi)
  .add(PasskeySignInApi)
  .add(EmailLinksApi)
  .add(BillingApi)
  .add(FreeCreditsApi)
  .add(ReconciliationApi)
  .add(ReceiptsApi)
  .add(CreditLedgerApi)
  .add(SongwritingApi)
  .add(SongsApi)
  .add(CatalogApi)
  .add(CommunityApi)
  .add(AvatarsApi)
  .add(CreatorsApi)
  .add(PlaylistsApi)
  .add(PlaylistReadsApi)
  .add(CommentsApi)
  .add(CommentReadsApi)
  .add(NotificationReadingApi)
  .add(NotificationReadsApi)
  .add(ReportsApi)
  .add(DecisionsApi)
  .add(ModerationQueueApi)
  .add(SearchApi)
  .add(EmbedsApi)
  .add(GenerationApi)
  .add(OperationsApi)
  .add(VoicesApi)
  .add(VideoApi)
  .add(StemsApi)
  .add(LiveApi)
  .add(AdminApi)
  .add(ProjectionsApi)
  .addError(MalformedRequest)
  .addError(InternalError)
  .prefix(apiPrefix)
  .annotate(OpenApi.Title, "Melody Studio API") {}
