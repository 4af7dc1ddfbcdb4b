import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly } from "#events/contracts/auth.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { withMessage } from "#events/contracts/messages.ts"

/**
 * The admin side: what people do, what went wrong, any stream's events in order, and the read models'
 * health with their rebuild. Admins only: anyone else signed in gets a 404, nobody signed in a 401.
 */

const optionalFilter = (name: string, max: number) =>
  Schema.optionalWith(
    withMessage(
      Schema.String.pipe(Schema.minLength(1), Schema.maxLength(max)),
      `${name} must be a text of 1 to ${max} characters`,
    ),
    { exact: true },
  )
const optionalTime = (name: string) =>
  Schema.optionalWith(
    withMessage(Schema.Date, `${name} must be a date and time, like 2026-11-21T12:00:00Z`),
    { exact: true },
  )

export const AdminListParams = Schema.Struct({
  limit: Schema.optionalWith(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 200)),
      "limit must be a whole number from 1 to 200",
    ),
    { default: () => 50 },
  ),
  offset: Schema.optionalWith(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(0, 1_000_000)),
      "offset must be a whole number from 0",
    ),
    { default: () => 0 },
  ),
  userId: optionalFilter("userId", 64),
  type: optionalFilter("type", 50),
  from: optionalTime("from"),
  to: optionalTime("to"),
}).annotations({ parseOptions: { errors: "all" } })

export class Interaction extends Schema.Class<Interaction>("Interaction")({
  id: Schema.String,
  userId: Schema.String,
  type: Schema.String,
  details: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  createdAt: Schema.Date,
  /** The stream the event is on: open it to replay what led here. */
  streamId: Schema.String,
}) {}

export class Interactions extends Schema.Class<Interactions>("Interactions")({
  items: Schema.Array(Interaction),
  total: Schema.Int,
}) {}

export class ErrorLog extends Schema.Class<ErrorLog>("ErrorLog")({
  id: Schema.String,
  userId: Schema.NullOr(Schema.String),
  /** client, server, job, subscription or provider. */
  source: Schema.String,
  error: Schema.String,
  stack: Schema.NullOr(Schema.String),
  context: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  createdAt: Schema.Date,
  streamId: Schema.String,
}) {}

export class ErrorLogs extends Schema.Class<ErrorLogs>("ErrorLogs")({
  items: Schema.Array(ErrorLog),
  total: Schema.Int,
}) {}

export class StoredEvent extends Schema.Class<StoredEvent>("StoredEvent")({
  streamVersion: Schema.Int,
  globalPosition: Schema.Number,
  eventId: Schema.String,
  type: Schema.String,
  schemaVersion: Schema.Int,
  /** As stored, with anything secret-looking masked. */
  data: Schema.Unknown,
  metadata: Schema.Unknown,
  recordedAt: Schema.Date,
}) {}

export class StreamEvents extends Schema.Class<StreamEvents>("StreamEvents")({
  streamId: Schema.String,
  events: Schema.Array(StoredEvent),
}) {}

export class ProjectionState extends Schema.Class<ProjectionState>("ProjectionState")({
  name: Schema.String,
  version: Schema.Int,
  status: Schema.Literal("running", "paused"),
  /** The last event it processed, in the global order. */
  position: Schema.Number,
  behind: Schema.Int,
  lagMs: Schema.Number,
  deadLetters: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  lastErrorAt: Schema.NullOr(Schema.Date),
}) {}

export class UserMatch extends Schema.Class<UserMatch>("UserMatch")({
  userId: Schema.String,
  username: Schema.String,
  registeredAt: Schema.Date,
}) {}

const StreamPath = Schema.Struct({
  streamId: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
    "streamId must be a text of 1 to 200 characters",
  ),
})
const ProjectionPath = Schema.Struct({ name: Schema.String.pipe(Schema.maxLength(100)) })
const UserSearch = Schema.Struct({
  query: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)),
    "query must be a text of 1 to 100 characters",
  ),
})

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.get("interactions", "/admin/interactions")
      .setUrlParams(AdminListParams)
      .addSuccess(Interactions)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("errors", "/admin/errors")
      .setUrlParams(AdminListParams)
      .addSuccess(ErrorLogs)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("stream", "/admin/streams/:streamId")
      .setPath(StreamPath)
      .addSuccess(StreamEvents)
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("projections", "/admin/projections")
      .addSuccess(Schema.Array(ProjectionState))
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.post("rebuildProjection", "/admin/projections/:name/rebuild")
      .setPath(ProjectionPath)
      .addSuccess(ProjectionState, { status: 202 })
      .addError(NotFound)
      .middleware(AdminOnly),
  )
  .add(
    HttpApiEndpoint.get("users", "/admin/users")
      .setUrlParams(UserSearch)
      .addSuccess(Schema.Array(UserMatch))
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Admins: activity and error streams, any stream's events in order, projections and their rebuild. " +
      "`type` filters activities by type and errors by source.",
  ) {}
