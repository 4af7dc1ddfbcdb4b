import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#events/contracts/auth.ts"
import { InsufficientCredits } from "#events/contracts/credit-errors.ts"
import { NotFound, TooManyRequests } from "#events/contracts/http-errors.ts"
import { trimmedText, withMessage } from "#events/contracts/messages.ts"
import { VideoFormat, videoFormatNames } from "#events/contracts/video-formats.ts"

// Generating a song (spec: generate-song, check-song-status, the generated song version).

const field = (name: string, max: number) =>
  Schema.optionalWith(trimmedText(name, max, { required: false }), {
    default: () => "",
    exact: true,
  })

/** Title, lyrics and style, trimmed; missing ones are named by `MissingInformation`, not here. */
export const GenerateSongPayload = Schema.Struct({
  title: field("Title", 200),
  lyrics: field("Lyrics", 3000),
  style: field("Style", 200),
}).annotations({ parseOptions: { errors: "all" } })
export type GenerateSongPayload = typeof GenerateSongPayload.Type

export class GenerationStarted extends Schema.Class<GenerationStarted>("GenerationStarted")({
  /** The generation's id: what check-song-status asks about. */
  taskId: Schema.String,
}) {}

/**
 * A version as the generated-songs dialog reads it. The spec's status check names the audio fields in both
 * spellings, so the answer carries both; our own client reads the camelCase ones.
 */
export class GeneratedSong extends Schema.Class<GeneratedSong>("GeneratedSong")({
  id: Schema.String,
  /** The final MP3: empty while only the stream preview exists. */
  audioUrl: Schema.String,
  audio_url: Schema.String,
  streamAudioUrl: Schema.String,
  stream_audio_url: Schema.String,
  sourceAudioUrl: Schema.String,
  source_audio_url: Schema.String,
  sourceStreamAudioUrl: Schema.String,
  source_stream_audio_url: Schema.String,
  title: Schema.String,
  /** Seconds. */
  duration: Schema.Number,
  /** The lyrics it was sung from. */
  prompt: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
}) {}

export class CreditRefund extends Schema.Class<CreditRefund>("CreditRefund")({
  refunded: Schema.Boolean,
  amount: Schema.Int,
}) {}

/**
 * Where a generation is, decided by the server: the dialog needs no rules of its own to tell a failure
 * from a step it has not heard of.
 */
export const GenerationPhase = Schema.Literal("arranging", "previewing", "done", "failed")
export type GenerationPhase = typeof GenerationPhase.Type

export class SongStatus extends Schema.Class<SongStatus>("SongStatus")({
  /** PENDING, TEXT_SUCCESS, FIRST_SUCCESS, SUCCESS, or a failure (FAILED..., SENSITIVE_WORD_ERROR, TIMEOUT). */
  status: Schema.String,
  phase: GenerationPhase,
  songs: Schema.Array(GeneratedSong),
  error: Schema.NullOr(Schema.String),
  /** Only for a failed generation. */
  creditRefund: Schema.NullOr(CreditRefund),
}) {}

// Refusals

export class MissingInformation extends Schema.TaggedError<MissingInformation>()(
  "MissingInformation",
  { message: Schema.String, missing: Schema.Array(Schema.Literal("lyrics", "title", "style")) },
  HttpApiSchema.annotations({ status: 400 }),
) {}

const Id = Schema.String.pipe(Schema.maxLength(64))
const StatusParams = Schema.Struct({
  taskId: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)),
    "taskId is required",
  ),
})
const VersionPath = Schema.Struct({ versionId: Id })
const CallbackPath = Schema.Struct({ secret: Id, generationId: Id })
const DownloadParams = Schema.Struct({ download: Schema.optional(Schema.Literal("1", "true")) })

export class MediaApi extends HttpApiGroup.make("media")
  .add(
    HttpApiEndpoint.post("generateSong", "/generate-song")
      .setPayload(GenerateSongPayload)
      .addSuccess(GenerationStarted)
      .addError(MissingInformation)
      .addError(InsufficientCredits)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("songStatus", "/check-song-status")
      .setUrlParams(StatusParams)
      .addSuccess(SongStatus)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("versionAudio", "/media/versions/:versionId/audio")
      .setPath(VersionPath)
      .setUrlParams(DownloadParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/mpeg" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("versionCover", "/media/versions/:versionId/cover")
      .setPath(VersionPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "image/jpeg" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    // The provider's callbacks: no session, a secret in the path.
    HttpApiEndpoint.post("providerCallback", "/media/callbacks/:secret/:generationId")
      .setPath(CallbackPath)
      .setPayload(Schema.Unknown)
      .addSuccess(Schema.Struct({ code: Schema.Int, msg: Schema.String }))
      .addError(NotFound),
  )
  .annotate(
    OpenApi.Description,
    "Song generation: start one for 5 credits, follow it, play and download its versions.",
  ) {}

// Video export (spec: videos/generate, video_jobs, the video export dialog).

const optionalText = (name: string, max: number) =>
  Schema.optionalWith(trimmedText(name, max, { required: false }), { exact: true })

/**
 * The spec's call (format, audioUrl, songTitle, duration), or a song id. The song's own title, audio and
 * duration are used: the server renders only songs it stored, never an arbitrary link.
 */
export const ExportVideoPayload = Schema.Struct({
  format: withMessage(VideoFormat, `format must be one of: ${videoFormatNames.join(", ")}`),
  songId: optionalText("songId", 64),
  audioUrl: optionalText("audioUrl", 2000),
  songTitle: optionalText("songTitle", 200),
  duration: Schema.optionalWith(
    withMessage(
      Schema.Number.pipe(Schema.nonNegative(), Schema.lessThanOrEqualTo(3600)),
      "duration must be a number of seconds from 0 to 3600",
    ),
    { exact: true },
  ),
}).annotations({ parseOptions: { errors: "all" } })
export type ExportVideoPayload = typeof ExportVideoPayload.Type

export class VideoExport extends Schema.Class<VideoExport>("VideoExport")({
  id: Schema.String,
  songId: Schema.String,
  format: Schema.String,
  songTitle: Schema.String,
  /** Seconds. */
  duration: Schema.Number,
  status: Schema.Literal("queued", "processing", "completed", "failed"),
  /** 0-100, from the render's own time reports. */
  progress: Schema.Int,
  /** What the render is doing now, for the dialog. */
  step: Schema.String,
  /** The finished MP4 (spec: resultUrl), and the same as an attachment. */
  resultUrl: Schema.NullOr(Schema.String),
  downloadUrl: Schema.NullOr(Schema.String),
  sizeBytes: Schema.NullOr(Schema.Int),
  /** Why it failed (spec: errorMsg). */
  errorMsg: Schema.NullOr(Schema.String),
  timedOut: Schema.Boolean,
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
}) {}

// Refusals

export class NoAudioForVideo extends Schema.TaggedError<NoAudioForVideo>()(
  "NoAudioForVideo",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class VideoExportRunning extends Schema.TaggedError<VideoExportRunning>()(
  "VideoExportRunning",
  { message: Schema.String, jobId: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** For the caller who waits for the file (Accept: video/mp4): the render failed. */
export class VideoRenderFailed extends Schema.TaggedError<VideoRenderFailed>()(
  "VideoRenderFailed",
  { message: Schema.String, jobId: Schema.String },
  HttpApiSchema.annotations({ status: 500 }),
) {}

/** For the caller who waits for the file: the render ran out of time. */
export class VideoTimedOut extends Schema.TaggedError<VideoTimedOut>()(
  "VideoTimedOut",
  { message: Schema.String, jobId: Schema.String },
  HttpApiSchema.annotations({ status: 504 }),
) {}

const JobPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })

export class VideoApi extends HttpApiGroup.make("videos")
  .add(
    HttpApiEndpoint.post("exportVideo", "/videos/generate")
      .setPayload(ExportVideoPayload)
      .addSuccess(VideoExport, { status: 202 })
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "video/mp4" }))
      .addError(NoAudioForVideo)
      .addError(NotFound)
      .addError(VideoExportRunning)
      .addError(VideoRenderFailed)
      .addError(VideoTimedOut)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("videoExport", "/videos/:id")
      .setPath(JobPath)
      .addSuccess(VideoExport)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("videoFile", "/videos/:id/file")
      .setPath(JobPath)
      .setUrlParams(DownloadParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "video/mp4" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Video export: a song rendered on the server as an MP4 for a social format, one at a time per person. " +
      "POST answers 202 with the export to follow; with `Accept: video/mp4` it waits and answers the file.",
  ) {}
