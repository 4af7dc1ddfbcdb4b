import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"

/** The creator an address names, by username. */
export const CreatorPath = Schema.Struct({ username: Schema.String.pipe(Schema.maxLength(255)) })

/** Whether the caller follows the creator, after the call. */
export class FollowState extends Schema.Class<FollowState>("FollowState")({
  following: Schema.Boolean,
}) {}

export class CannotFollowSelf extends Schema.TaggedError<CannotFollowSelf>()(
  "CannotFollowSelf",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** Following creators: a follow is the caller's own, made and ended only by them. */
export class CommunityApi extends HttpApiGroup.make("community")
  .add(
    HttpApiEndpoint.put("follow", "/creators/:username/follow")
      .setPath(CreatorPath)
      .addSuccess(FollowState)
      .addError(NotFound)
      .addError(CannotFollowSelf)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("unfollow", "/creators/:username/follow")
      .setPath(CreatorPath)
      .addSuccess(FollowState)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .annotate(OpenApi.Description, "Following creators.") {}
