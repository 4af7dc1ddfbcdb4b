import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, EmailNotVerified } from "#api/auth.ts"
import { DownloadParams } from "#api/download-params.ts"
import { trimmedText, withMessage } from "#api/messages.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { VideoFormat } from "#events/contracts/video-exports.ts"
import { videoFormatNames } from "./api-video-formats.ts"

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
  /** 'Show lyrics': each line drawn while it is sung, for a song whose lyrics are timed. */
  showLyrics: Schema.optionalWith(withMessage(Schema.Boolean, "showLyrics must be true or false"), {
    exact: true,
  }),
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

/** 'Show lyrics' for a song whose lyrics are not timed. */
export class LyricsNotTimed extends Schema.TaggedError<LyricsNotTimed>()(
  "LyricsNotTimed",
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
      .addError(LyricsNotTimed)
      .addError(NotFound)
      .addError(VideoExportRunning)
      .addError(VideoRenderFailed)
      .addError(VideoTimedOut)
      .addError(EmailNotVerified)
      .addError(TooManyRequests)
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
