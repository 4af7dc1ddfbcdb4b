import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Viewer } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { CreatorPath } from "#modules/community/api.ts"
import { avatarPath } from "#modules/community/api-avatar-paths.ts"
import { SongView } from "../songs/api-answers.ts"
import { NewestSongsParams } from "../songs/api-params.ts"

/** A creator's page, as one viewer (or nobody) sees it: only public songs are counted. */
export class CreatorProfile extends Schema.Class<CreatorProfile>("CreatorProfile")({
  username: Schema.String,
  name: Schema.String,
  /** What they wrote about themselves, as text. */
  bio: Schema.String,
  /** Up to three web addresses of theirs. */
  links: Schema.Array(Schema.String),
  /** The picture they uploaded; null while they show the one drawn from their name. */
  avatarUrl: Schema.NullOr(Schema.String),
  joinedAt: Schema.Date,
  followers: Schema.Int,
  following: Schema.Int,
  songs: Schema.Int,
  likes: Schema.Int,
  /** Plays of their public songs. */
  plays: Schema.Int,
  /** Whether the viewer follows them (false without a session). */
  followedByYou: Schema.Boolean,
  /** Whether the viewer blocks them (false without a session). */
  blockedByYou: Schema.Boolean,
}) {}

/** Someone in a list of followers or followed creators. */
export class CreatorSummary extends Schema.Class<CreatorSummary>("CreatorSummary")({
  username: Schema.String,
  name: Schema.String,
  /** The picture they uploaded; null while they show the one drawn from their name. */
  avatarUrl: Schema.NullOr(Schema.String),
}) {}

/** A creator as a list row reads: their uploaded picture's key is served at its own address. */
export const creatorSummaryOf = (row: {
  readonly username: string
  readonly name: string
  readonly avatar_key: string | null
}) =>
  new CreatorSummary(
    {
      username: row.username,
      name: row.name,
      avatarUrl: row.avatar_key === null ? null : avatarPath(row.avatar_key),
    },
    true,
  )

/** A page of the Following list, as a page of the newest songs is asked for. */
export const FollowingSongsParams = NewestSongsParams

/** Creators' pages, their followers and whom they follow, and the songs of the people one follows. */
export class CreatorsApi extends HttpApiGroup.make("creators")
  .add(
    HttpApiEndpoint.get("creator", "/creators/:username")
      .setPath(CreatorPath)
      .addSuccess(CreatorProfile)
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("creatorSongs", "/creators/:username/songs")
      .setPath(CreatorPath)
      .addSuccess(Schema.Array(SongView))
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("followers", "/creators/:username/followers")
      .setPath(CreatorPath)
      .addSuccess(Schema.Array(CreatorSummary))
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("following", "/creators/:username/following")
      .setPath(CreatorPath)
      .addSuccess(Schema.Array(CreatorSummary))
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("blocked", "/blocks")
      .addSuccess(Schema.Array(CreatorSummary))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("followingSongs", "/following/songs")
      .setUrlParams(FollowingSongsParams)
      .addSuccess(Schema.Array(SongView))
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Creators' pages, who follows whom, whom one blocks, and the public songs of the people one follows, newest first.",
  ) {}
