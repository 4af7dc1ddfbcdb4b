import { Schema } from "effect"
import { SongOrigin } from "./song-operations.ts"

/**
 * The catalog's facts: songs on `song-<songId>` (saved, made public, made private), each person's like
 * of a song on `like-<songId>-<userId>` and each listener's plays of a song on
 * `play-<songId>-<listener>`, so that likes and plays from many people never contend.
 */

export class SongSaved extends Schema.TaggedClass<SongSaved>()("SongSaved", {
  songId: Schema.String,
  userId: Schema.String,
  title: Schema.String,
  style: Schema.String,
  lyrics: Schema.String,
  /** The MP3 in our storage. */
  audioKey: Schema.String,
  imageKey: Schema.NullOr(Schema.String),
  sourceImageUrl: Schema.NullOr(Schema.String),
  durationMs: Schema.Int,
  isPublic: Schema.Boolean,
  /** The generated version it was saved from, and its generation. */
  versionId: Schema.NullOr(Schema.String),
  generationId: Schema.NullOr(Schema.String),
  /** The song an operation made it from; null for a song made from scratch. */
  origin: Schema.optionalWith(Schema.NullOr(SongOrigin), { default: () => null }),
  /** The song as a multi-track MIDI file in our storage; null where its maker wrote none. */
  midiKey: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  /** When each line and word is sung (`SyncedLyrics` as JSON) in our storage; null where unknown. */
  syncedLyricsKey: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
}) {}

export class SongMadePublic extends Schema.TaggedClass<SongMadePublic>()("SongMadePublic", {
  songId: Schema.String,
  userId: Schema.String,
}) {}

export class SongMadePrivate extends Schema.TaggedClass<SongMadePrivate>()("SongMadePrivate", {
  songId: Schema.String,
  userId: Schema.String,
}) {}

/** Its owner lets others download its parts (stems and MIDI) while it is public; off by default. */
export class SongPartsShared extends Schema.TaggedClass<SongPartsShared>()("SongPartsShared", {
  songId: Schema.String,
  userId: Schema.String,
}) {}

export class SongPartsUnshared extends Schema.TaggedClass<SongPartsUnshared>()(
  "SongPartsUnshared",
  { songId: Schema.String, userId: Schema.String },
) {}

/**
 * The owner deleted the song: gone from every list, its page and its files. The credits spent on it stay
 * spent. It names the files its song had, for media to remove.
 */
export class SongDeleted extends Schema.TaggedClass<SongDeleted>()("SongDeleted", {
  songId: Schema.String,
  /** Who deleted it: its owner. */
  userId: Schema.String,
  deletedAt: Schema.DateFromString,
  versionId: Schema.NullOr(Schema.String),
  files: Schema.Array(Schema.String),
}) {}

export const SongEvent = Schema.Union(
  SongSaved,
  SongMadePublic,
  SongMadePrivate,
  SongPartsShared,
  SongPartsUnshared,
  SongDeleted,
)
export type SongEvent = typeof SongEvent.Type

/** `userId` is the person who likes the song. */
export class SongLiked extends Schema.TaggedClass<SongLiked>()("SongLiked", {
  songId: Schema.String,
  userId: Schema.String,
}) {}

export class SongUnliked extends Schema.TaggedClass<SongUnliked>()("SongUnliked", {
  songId: Schema.String,
  userId: Schema.String,
}) {}

export const LikeEvent = Schema.Union(SongLiked, SongUnliked)
export type LikeEvent = typeof LikeEvent.Type

/**
 * A play that counts: once per listener per song per half hour. `listener` is `user:<userId>` for a
 * signed-in person, or `visitor:<hash>` for a visitor, a hash of their address that cannot be turned back
 * into it (see modules/catalog/listeners.ts).
 */
export class SongPlayed extends Schema.TaggedClass<SongPlayed>()("SongPlayed", {
  songId: Schema.String,
  listener: Schema.String,
  playedAt: Schema.DateFromString,
}) {}

export const CatalogEvent = Schema.Union(SongEvent, LikeEvent, SongPlayed)
export type CatalogEvent = typeof CatalogEvent.Type

export const catalogStreams = {
  song: (songId: string) => `song-${songId}`,
  like: (songId: string, userId: string) => `like-${songId}-${userId}`,
  play: (songId: string, listener: string) => `play-${songId}-${listener}`,
}

/** The event types the catalog's read models follow, with the registrations that name creators. */
export const catalogEventTypes: ReadonlyArray<string> = [
  ...SongEvent.members.map((m) => m._tag),
  ...LikeEvent.members.map((m) => m._tag),
  "SongPlayed",
]
