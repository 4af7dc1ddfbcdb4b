import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Viewer } from "#events/contracts/auth.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { trimmedText, withMessage } from "#events/contracts/messages.ts"

// A song as the screens read it (spec section 3: songs, plus what client views add).

export class SongView extends Schema.Class<SongView>("SongView")({
  id: Schema.String,
  userId: Schema.String,
  title: Schema.String,
  audioUrl: Schema.String,
  streamAudioUrl: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  sourceImageUrl: Schema.NullOr(Schema.String),
  /** Milliseconds. */
  duration: Schema.Int,
  isPublic: Schema.Boolean,
  style: Schema.String,
  lyrics: Schema.String,
  createdAt: Schema.Date,
  /** The generation it came from. */
  taskId: Schema.NullOr(Schema.String),
  likes: Schema.Int,
  /** Whether the person asking likes it. */
  liked: Schema.Boolean,
  creator: Schema.Struct({ username: Schema.NullOr(Schema.String) }),
}) {}

/**
 * A song's wire form, built by hand for the lists: the timeline is read far more than anything else, and
 * Schema's encoding of twenty class instances costs more than reading the page. api.test.ts keeps it equal
 * to Schema's.
 */
export const encodeSongView = (song: SongView): typeof SongView.Encoded => ({
  id: song.id,
  userId: song.userId,
  title: song.title,
  audioUrl: song.audioUrl,
  streamAudioUrl: song.streamAudioUrl,
  imageUrl: song.imageUrl,
  sourceImageUrl: song.sourceImageUrl,
  duration: song.duration,
  isPublic: song.isPublic,
  style: song.style,
  lyrics: song.lyrics,
  createdAt: song.createdAt.toISOString(),
  taskId: song.taskId,
  likes: song.likes,
  liked: song.liked,
  creator: { username: song.creator.username },
})

export class PublicSongs extends Schema.Class<PublicSongs>("PublicSongs")({
  songs: Schema.Array(SongView),
  total: Schema.Int,
  /**
   * The order the pages are cut from: pass it back for the next page, and songs liked or published in
   * between do not shift the pages (nothing shown twice, nothing skipped).
   */
  snapshot: Schema.Int,
}) {}

export class LikeState extends Schema.Class<LikeState>("LikeState")({
  likes: Schema.Int,
  liked: Schema.Boolean,
}) {}

// Refusals

export class SongIsPrivate extends Schema.TaggedError<SongIsPrivate>()(
  "SongIsPrivate",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** Songs are saved from audio the server made and stored for this person, never from any other link. */
export class UnknownAudio extends Schema.TaggedError<UnknownAudio>()(
  "UnknownAudio",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class AudioUnavailable extends Schema.TaggedError<AudioUnavailable>()(
  "AudioUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

// Payloads and parameters

const nonNegative = (name: string, max: number) =>
  withMessage(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(0, max)),
    `${name} must be a whole number from 0 to ${max}`,
  )

export const PublicSongsParams = Schema.Struct({
  limit: Schema.optionalWith(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 50)),
      "limit must be a whole number from 1 to 50",
    ),
    { default: () => 20 },
  ),
  offset: Schema.optionalWith(nonNegative("offset", 100_000), { default: () => 0 }),
  snapshot: Schema.optional(nonNegative("snapshot", Number.MAX_SAFE_INTEGER)),
})

const text = (name: string, max: number, required: boolean) => trimmedText(name, max, { required })

/** The spec's save payload; the server trusts only the audio link, to find the version it stored. */
export const SaveSongPayload = Schema.Struct({
  title: text("Title", 255, true),
  audioUrl: text("audioUrl", 500, true),
  streamAudioUrl: Schema.optional(Schema.NullOr(Schema.String)),
  duration: Schema.optional(Schema.NullOr(Schema.Number)),
  isPublic: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  style: text("Style", 200, false),
  lyrics: text("Lyrics", 5000, false),
  imageUrl: Schema.optional(Schema.NullOr(Schema.String)),
}).annotations({ parseOptions: { errors: "all" } })
export type SaveSongPayload = typeof SaveSongPayload.Type

export const PrivacyPayload = Schema.Struct({
  isPublic: withMessage(Schema.Boolean, "isPublic must be true or false"),
})

const SongPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })
const DownloadParams = Schema.Struct({
  download: Schema.optional(Schema.Literal("1", "true")),
})

export class CatalogApi extends HttpApiGroup.make("catalog")
  .add(
    HttpApiEndpoint.get("publicSongs", "/songs/public")
      .setUrlParams(PublicSongsParams)
      .addSuccess(PublicSongs)
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
    HttpApiEndpoint.post("saveSong", "/songs")
      .setPayload(SaveSongPayload)
      .addSuccess(SongView)
      .addError(UnknownAudio)
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
    HttpApiEndpoint.patch("setPrivacy", "/songs/:id/privacy")
      .setPath(SongPath)
      .setPayload(PrivacyPayload)
      .addSuccess(SongView)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("like", "/songs/:id/like")
      .setPath(SongPath)
      .addSuccess(LikeState)
      .addError(NotFound)
      .addError(SongIsPrivate)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("unlike", "/songs/:id/like")
      .setPath(SongPath)
      .addSuccess(LikeState)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("audio", "/songs/:id/audio")
      .setPath(SongPath)
      .setUrlParams(DownloadParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/mpeg" }))
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("wav", "/songs/:id/wav")
      .setPath(SongPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/wav" }))
      .addError(NotFound)
      .addError(AudioUnavailable)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("cover", "/songs/:id/cover")
      .setPath(SongPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "image/jpeg" }))
      .addError(NotFound)
      .middleware(Viewer),
  )
  .annotate(
    OpenApi.Description,
    "Songs: the personal library, the public timeline, likes, privacy, audio and downloads.",
  ) {}
