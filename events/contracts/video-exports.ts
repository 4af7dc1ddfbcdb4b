import { Schema } from "effect"

/**
 * Video exports: every export of a person is on their `video-exports-<userId>` stream, so "one at a time"
 * is one decision on one stream.
 */

/** The social formats a song's video is exported in; as the export events name them. */
export const VideoFormat = Schema.Literal(
  "instagram-story",
  "instagram-video",
  "facebook-story",
  "facebook-video",
  "youtube",
  "tiktok",
)
export type VideoFormat = typeof VideoFormat.Type

export const videoStreams = {
  exports: (userId: string) => `video-exports-${userId}`,
}

export class VideoExportRequested extends Schema.TaggedClass<VideoExportRequested>()(
  "VideoExportRequested",
  {
    jobId: Schema.String,
    userId: Schema.String,
    songId: Schema.String,
    format: VideoFormat,
    songTitle: Schema.String,
    durationSeconds: Schema.Number,
    /** The song's MP3 and cover in media storage, as they were when the export was asked for. */
    audioKey: Schema.String,
    coverKey: Schema.NullOr(Schema.String),
    /** With 'Show lyrics': when each line is sung (`SyncedLyrics` as JSON) in media storage. */
    syncedLyricsKey: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
    requestedAt: Schema.Date,
  },
) {}

/** A worker began rendering; a second start means the first worker vanished mid-render. */
export class VideoExportStarted extends Schema.TaggedClass<VideoExportStarted>()(
  "VideoExportStarted",
  {
    jobId: Schema.String,
    userId: Schema.String,
    attempt: Schema.Int,
  },
) {}

/** How far the render is, from ffmpeg's own time reports; recorded in steps, not for every frame. */
export class VideoExportProgressed extends Schema.TaggedClass<VideoExportProgressed>()(
  "VideoExportProgressed",
  {
    jobId: Schema.String,
    userId: Schema.String,
    progress: Schema.Int,
    step: Schema.String,
  },
) {}

export class VideoExportCompleted extends Schema.TaggedClass<VideoExportCompleted>()(
  "VideoExportCompleted",
  {
    jobId: Schema.String,
    userId: Schema.String,
    videoKey: Schema.String,
    sizeBytes: Schema.Int,
  },
) {}

export class VideoExportFailed extends Schema.TaggedClass<VideoExportFailed>()(
  "VideoExportFailed",
  {
    jobId: Schema.String,
    userId: Schema.String,
    reason: Schema.String,
    timedOut: Schema.Boolean,
  },
) {}

export const VideoExportEvent = Schema.Union(
  VideoExportRequested,
  VideoExportStarted,
  VideoExportProgressed,
  VideoExportCompleted,
  VideoExportFailed,
)
export type VideoExportEvent = typeof VideoExportEvent.Type
