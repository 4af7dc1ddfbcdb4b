/** Videos: a saved song rendered by ffmpeg into a video for a social format, its lyrics drawn as sung. */

import { Layer } from "effect"
import { VideosConfigLive } from "./config.ts"
import { Songs } from "./songs.ts"
import { VideoRenderer } from "./video-renderer.ts"
import { Videos } from "./videos.ts"

export { VideoApi } from "./api.ts"
export { videosConfig } from "./config.ts"
export { videosJobs } from "./jobs.ts"
export { videosMigrations } from "./migrations.ts"
export { videosReactions } from "./reactions.ts"
export { VideoHttpLive } from "./video-http.ts"
export { VideoRenderer } from "./video-renderer.ts"
export { RenderFailed } from "./video-request.ts"
export { Videos } from "./videos.ts"

/** Video export; the app provides the store, the job queue and storage. */
export const VideosLive = Videos.live.pipe(
  Layer.provide(Layer.mergeAll(VideoRenderer.live, Songs.live, VideosConfigLive)),
)
