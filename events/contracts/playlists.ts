import { Schema } from "effect"

/**
 * Playlists: a creator's ordered list of songs, each on its own stream, `playlist-<playlistId>`. Who may
 * see a song in it is the song's own rule, read where the list is read: a song that turns private stays
 * in the list, shown to its owner only, and comes back for everyone if it turns public again.
 */

export class PlaylistCreated extends Schema.TaggedClass<PlaylistCreated>()("PlaylistCreated", {
  playlistId: Schema.String,
  ownerId: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isPublic: Schema.Boolean,
}) {}

/** Its name and the text under it, as its owner last wrote them. */
export class PlaylistEdited extends Schema.TaggedClass<PlaylistEdited>()("PlaylistEdited", {
  playlistId: Schema.String,
  name: Schema.String,
  description: Schema.String,
}) {}

export class PlaylistMadePublic extends Schema.TaggedClass<PlaylistMadePublic>()(
  "PlaylistMadePublic",
  { playlistId: Schema.String },
) {}

export class PlaylistMadePrivate extends Schema.TaggedClass<PlaylistMadePrivate>()(
  "PlaylistMadePrivate",
  { playlistId: Schema.String },
) {}

/** A song joins the end of the list. */
export class PlaylistSongAdded extends Schema.TaggedClass<PlaylistSongAdded>()(
  "PlaylistSongAdded",
  { playlistId: Schema.String, songId: Schema.String },
) {}

export class PlaylistSongRemoved extends Schema.TaggedClass<PlaylistSongRemoved>()(
  "PlaylistSongRemoved",
  { playlistId: Schema.String, songId: Schema.String },
) {}

/** The list's songs in their new order: the same songs, each once. */
export class PlaylistReordered extends Schema.TaggedClass<PlaylistReordered>()(
  "PlaylistReordered",
  { playlistId: Schema.String, songIds: Schema.Array(Schema.String) },
) {}

export class PlaylistDeleted extends Schema.TaggedClass<PlaylistDeleted>()("PlaylistDeleted", {
  playlistId: Schema.String,
}) {}

export const PlaylistEvent = Schema.Union(
  PlaylistCreated,
  PlaylistEdited,
  PlaylistMadePublic,
  PlaylistMadePrivate,
  PlaylistSongAdded,
  PlaylistSongRemoved,
  PlaylistReordered,
  PlaylistDeleted,
)
export type PlaylistEvent = typeof PlaylistEvent.Type

export const playlistStream = (playlistId: string) => `playlist-${playlistId}`
