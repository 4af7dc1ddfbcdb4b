import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Viewer } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { CreatorPath } from "#modules/community/api.ts"
import { PlaylistPath } from "#modules/playlists/api.ts"
import { SongView } from "../songs/api-answers.ts"

/** A playlist in a list of them: what a card shows. Counts are of the songs the viewer may see. */
export class PlaylistSummary extends Schema.Class<PlaylistSummary>("PlaylistSummary")({
  id: Schema.String,
  name: Schema.String,
  isPublic: Schema.Boolean,
  songs: Schema.Int,
  /** The covers of its first songs that have one (up to four): its own cover is drawn from them. */
  covers: Schema.Array(Schema.String),
  /** Whether it holds the song the list was asked about (false when none was). */
  hasSong: Schema.Boolean,
}) {}

/** A playlist's page, as one viewer (or nobody) sees it. */
export class PlaylistPage extends Schema.Class<PlaylistPage>("PlaylistPage")({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isPublic: Schema.Boolean,
  owner: Schema.Struct({ username: Schema.String }),
  /** Whether the viewer owns it, and so may change it. */
  isYours: Schema.Boolean,
  createdAt: Schema.Date,
  changedAt: Schema.Date,
  /** Its songs in order: only those the viewer may see (a private song shows to its owner only). */
  songs: Schema.Array(SongView),
  covers: Schema.Array(Schema.String),
  /** Why an admin hid it: shown to its owner only (to anyone else it does not exist). */
  hidden: Schema.NullOr(Schema.String),
}) {}

export const MyPlaylistsParams = Schema.Struct({
  songId: Schema.optional(Schema.String.pipe(Schema.maxLength(64))),
})

/** Playlists as people read them: one with its songs, one's own, and a creator's public ones. */
export class PlaylistReadsApi extends HttpApiGroup.make("playlistReads")
  .add(
    HttpApiEndpoint.get("myPlaylists", "/playlists/mine")
      .setUrlParams(MyPlaylistsParams)
      .addSuccess(Schema.Array(PlaylistSummary))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("playlist", "/playlists/:id")
      .setPath(PlaylistPath)
      .addSuccess(PlaylistPage)
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("creatorPlaylists", "/creators/:username/playlists")
      .setPath(CreatorPath)
      .addSuccess(Schema.Array(PlaylistSummary))
      .addError(NotFound),
  )
  .annotate(
    OpenApi.Description,
    "Playlists with their songs in order; private ones and private songs only for their owners.",
  ) {}
