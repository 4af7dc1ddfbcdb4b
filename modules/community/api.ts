import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { trimmedText } from "#api/messages.ts"
import { ContentRefused, NotFound } from "#api/refusals.ts"

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

/** A creator who blocks the caller, or whom the caller blocks, is not followed. */
export class FollowRefused extends Schema.TaggedError<FollowRefused>()(
  "FollowRefused",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

/** Whether the caller blocks the person, after the call. */
export class BlockState extends Schema.Class<BlockState>("BlockState")({
  blocking: Schema.Boolean,
}) {}

export class CannotBlockSelf extends Schema.TaggedError<CannotBlockSelf>()(
  "CannotBlockSelf",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** The most links a creator's page shows. */
export const maxLinks = 3

/** A link on a creator's page: a web address, http or https, shown as the address it is. */
const Link = trimmedText("Each link", 300, { required: true }).pipe(
  Schema.filter(
    (text) => {
      try {
        const url = new URL(text)
        return url.protocol === "http:" || url.protocol === "https:"
      } catch {
        return false
      }
    },
    { message: () => ({ message: "Each link must be an http or https address", override: true }) },
  ),
)

/** What a creator writes about themselves: stored as text and shown as text, whatever it holds. */
export const ProfilePayload = Schema.Struct({
  name: trimmedText("Name", 60, { required: true }),
  bio: trimmedText("Bio", 500, { required: false }),
  // Anything but a list says so; a list whose link is wrong says which rule the link breaks.
  links: Schema.Array(Link)
    .annotations({
      message: (issue) => ({
        message: "links must be a list of addresses",
        override: issue._tag === "Type",
      }),
    })
    .pipe(Schema.filter((links) => links.length <= maxLinks || `At most ${maxLinks} links`)),
})

/** A creator's page as its owner saved it. */
export class ProfileText extends Schema.Class<ProfileText>("ProfileText")({
  name: Schema.String,
  bio: Schema.String,
  links: Schema.Array(Schema.String),
}) {}

/**
 * Following creators (a follow is the caller's own, made and ended only by them), blocking people, and
 * one's own page.
 */
export class CommunityApi extends HttpApiGroup.make("community")
  .add(
    HttpApiEndpoint.put("follow", "/creators/:username/follow")
      .setPath(CreatorPath)
      .addSuccess(FollowState)
      .addError(NotFound)
      .addError(CannotFollowSelf)
      .addError(FollowRefused)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("unfollow", "/creators/:username/follow")
      .setPath(CreatorPath)
      .addSuccess(FollowState)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("block", "/creators/:username/block")
      .setPath(CreatorPath)
      .addSuccess(BlockState)
      .addError(NotFound)
      .addError(CannotBlockSelf)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("unblock", "/creators/:username/block")
      .setPath(CreatorPath)
      .addSuccess(BlockState)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("editProfile", "/profile")
      .setPayload(ProfilePayload)
      .addSuccess(ProfileText)
      .addError(ContentRefused)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Following and blocking people, and what a creator's page says of them.",
  ) {}
