import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { NotFound } from "#api/refusals.ts"
import { ErrorLogs, Interactions, StreamEvents, UserMatch } from "./api-answers.ts"

export * from "./api-answers.ts"

/**
 * The admin side's reads: what people do, what went wrong, any stream's events in order, people found by
 * name. Admins only: anyone else signed in gets a 404, nobody signed in a 401.
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

const StreamPath = Schema.Struct({
  streamId: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
    "streamId must be a text of 1 to 200 characters",
  ),
})
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
    HttpApiEndpoint.get("users", "/admin/users")
      .setUrlParams(UserSearch)
      .addSuccess(Schema.Array(UserMatch))
      .middleware(AdminOnly),
  )
  .annotate(
    OpenApi.Description,
    "Admins: activity and error streams, any stream's events in order, people found by name. " +
      "`type` filters activities by type and errors by source.",
  ) {}
