import { VideoFormat } from "#events/contracts/video-exports.ts"

/** The social formats a song's video is exported in, in the order screens list them. */
export const videoFormatNames = VideoFormat.literals

export interface VideoFormatSpec {
  readonly label: string
  readonly width: number
  readonly height: number
  /** The looping animation behind the picture, a file in `web/public/assets/video-backgrounds/`. */
  readonly background: string
}

export const videoFormats: { readonly [Format in VideoFormat]: VideoFormatSpec } = {
  "instagram-story": {
    label: "Instagram Story",
    width: 1080,
    height: 1920,
    background: "instagram-story.mp4",
  },
  "instagram-video": {
    label: "Instagram Video",
    width: 1080,
    height: 1350,
    background: "instagram-video.mp4",
  },
  "facebook-story": {
    label: "Facebook Story",
    width: 1080,
    height: 1920,
    background: "facebook-story.mp4",
  },
  "facebook-video": {
    label: "Facebook Video",
    width: 1080,
    height: 1080,
    background: "facebook-video.mp4",
  },
  youtube: { label: "YouTube", width: 1920, height: 1080, background: "youtube.mp4" },
  tiktok: { label: "TikTok", width: 1080, height: 1920, background: "tiktok.mp4" },
}

/** The spec's sentence for a render out of time, the server's and the dialog's alike. */
export const videoTimedOutMessage =
  "Video generation timed out. The process may still be running on the server. Please try again with a shorter song or wait a few minutes."

/** Spec section 9: a render may take max(300 s, 3 x the song); a song of unknown length counts as 30 s. */
export const videoTimeoutMs = (durationSeconds: number) =>
  Math.max(300, 3 * (durationSeconds || 30)) * 1000
