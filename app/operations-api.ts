import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminOnly } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"

/**
 * Operating the read models: each projection's health, and its rebuild from zero. The app holds the list
 * of projections it runs, so this group is the app's own. Admins only, as the admin side.
 */

export class ProjectionState extends Schema.Class<ProjectionState>("ProjectionState")({
  name: Schema.String,
  /** The read model's shape: a new one is rebuilt from the first event. */
  revision: Schema.Int,
  status: Schema.Literal("running", "paused"),
  /** The last event it processed, in the global order. */
  position: Schema.Number,
  behind: Schema.Int,
  lagMs: Schema.Number,
  deadLetters: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  lastErrorAt: Schema.NullOr(Schema.Date),
}) {}

const ProjectionPath = Schema.Struct({ name: Schema.String.pipe(Schema.maxLength(100)) })

export class OperationsApi extends HttpApiGroup.make("operations")
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
  .annotate(OpenApi.Description, "Admins: the projections' health and their rebuild from zero.") {}
