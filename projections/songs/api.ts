import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Viewer } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { DailyPlays, PublicSongs, SongView } from "./api-answers.ts"
import { NewestSongsParams, PublicSongsParams, SongPath } from "./api-params.ts"

export * from "./api-answers.ts"
export * from "./api-params.ts"

/** Songs as the library and timeline read models hold them: what every screen that lists songs reads. */
export class SongsApi extends HttpApiGroup.make("songs")
  .add(
    HttpApiEndpoint.get("publicSongs", "/songs/public")
      .setUrlParams(PublicSongsParams)
      .addSuccess(PublicSongs)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("newestSongs", "/songs/newest")
      .setUrlParams(NewestSongsParams)
      .addSuccess(Schema.Array(SongView))
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("trendingSongs", "/songs/trending")
      .setUrlParams(NewestSongsParams)
      .addSuccess(Schema.Array(SongView))
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("mySongs", "/songs/my-songs")
      .addSuccess(Schema.Array(SongView))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("likedSongs", "/songs/liked")
      .addSuccess(Schema.Array(SongView))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("song", "/songs/:id")
      .setPath(SongPath)
      .addSuccess(SongView)
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("dailyPlays", "/songs/:id/daily-plays")
      .setPath(SongPath)
      .addSuccess(DailyPlays)
      .addError(NotFound)
      .middleware(Authenticated)
      .annotate(OpenApi.Description, "The owner's song's plays on each of the last 30 days."),
  )
  .annotate(
    OpenApi.Description,
    "Songs to read: the public timeline (most liked, trending or newest), the personal library, liked songs and one song.",
  ) {}
