import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { trimmedText, withMessage } from "#api/messages.ts"
import { ContentRefused, NotFound } from "#api/refusals.ts"

/** The playlist an address names. */
export const PlaylistPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })

/** A song in the playlist an address names. */
export const PlaylistSongPath = Schema.Struct({
  id: Schema.String.pipe(Schema.maxLength(64)),
  songId: Schema.String.pipe(Schema.maxLength(64)),
})

const name = trimmedText("Name", 100, { required: true })
const description = trimmedText("Description", 500, { required: false })
const isPublic = withMessage(Schema.Boolean, "isPublic must be true or false")

export const NewPlaylistPayload = Schema.Struct({
  name,
  description: Schema.optionalWith(description, { default: () => "" }),
  isPublic: Schema.optionalWith(isPublic, { default: () => true }),
  /** A song to start it with: "Add to playlist" on a card makes the list and adds the song at once. */
  songId: Schema.optional(Schema.String.pipe(Schema.maxLength(64))),
})

export const PlaylistTextPayload = Schema.Struct({ name, description })

export const PlaylistPrivacyPayload = Schema.Struct({ isPublic })

export const PlaylistOrderPayload = Schema.Struct({
  songIds: withMessage(Schema.Array(Schema.String), "songIds must be a list of song ids"),
})

/** The new playlist's id, for its page's address. */
export class PlaylistCreatedAnswer extends Schema.Class<PlaylistCreatedAnswer>(
  "PlaylistCreatedAnswer",
)({ id: Schema.String }) {}

export class PlaylistFullRefusal extends Schema.TaggedError<PlaylistFullRefusal>()(
  "PlaylistFull",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** A new order that is not the list's songs, each once: it changed since the caller read it. */
export class PlaylistChanged extends Schema.TaggedError<PlaylistChanged>()(
  "PlaylistChanged",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** Making and keeping playlists: each is changed by its owner only. */
export class PlaylistsApi extends HttpApiGroup.make("playlists")
  .add(
    HttpApiEndpoint.post("createPlaylist", "/playlists")
      .setPayload(NewPlaylistPayload)
      .addSuccess(PlaylistCreatedAnswer, { status: 201 })
      .addError(NotFound)
      .addError(ContentRefused)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("editPlaylist", "/playlists/:id")
      .setPath(PlaylistPath)
      .setPayload(PlaylistTextPayload)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .addError(ContentRefused)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("setPlaylistPrivacy", "/playlists/:id/privacy")
      .setPath(PlaylistPath)
      .setPayload(PlaylistPrivacyPayload)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("addPlaylistSong", "/playlists/:id/songs/:songId")
      .setPath(PlaylistSongPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .addError(PlaylistFullRefusal)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("removePlaylistSong", "/playlists/:id/songs/:songId")
      .setPath(PlaylistSongPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("reorderPlaylist", "/playlists/:id/order")
      .setPath(PlaylistPath)
      .setPayload(PlaylistOrderPayload)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .addError(PlaylistChanged)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("deletePlaylist", "/playlists/:id")
      .setPath(PlaylistPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Playlists: made, named, ordered and shared by their owner, of their own songs and public ones.",
  ) {}
