import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"

/** An uploaded avatar that is not one we keep: its type, size or dimensions, said in words. */
export class InvalidAvatar extends Schema.TaggedError<InvalidAvatar>()(
  "InvalidAvatar",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** Where the creator's avatar is now: null for the one drawn from their name. */
export class AvatarAnswer extends Schema.Class<AvatarAnswer>("AvatarAnswer")({
  avatarUrl: Schema.NullOr(Schema.String),
}) {}

/**
 * One avatar, sent as a form's file field `avatar`. Its size is bounded by the body's limit at the edge
 * (app/http/request-body.ts) and checked against `maxAvatarBytes` as it is read: a part over the parser's
 * own limit would be dropped without a word.
 */
export const AvatarPayload = HttpApiSchema.Multipart(
  Schema.Struct({ avatar: Multipart.SingleFileSchema }),
)

const AvatarFile = Schema.Struct({
  file: Schema.String.pipe(Schema.pattern(/^[0-9a-f-]{36}\.webp$/)),
})

/** A creator's own avatar: uploaded (checked and re-encoded here), taken away, and served to anyone. */
export class AvatarsApi extends HttpApiGroup.make("avatars")
  .add(
    HttpApiEndpoint.put("setAvatar", "/profile/avatar")
      .setPayload(AvatarPayload)
      .addSuccess(AvatarAnswer)
      .addError(InvalidAvatar)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("removeAvatar", "/profile/avatar")
      .addSuccess(AvatarAnswer)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("avatar", "/avatars/:file")
      .setPath(AvatarFile)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "image/webp" }))
      .addError(NotFound),
  )
  .annotate(OpenApi.Description, "A creator's own avatar, shown on their page.") {}
