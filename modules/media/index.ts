/**
 * Media: song generation through the music engine or a music API, the files behind songs, their stems, and
 * their videos for social formats.
 */

import { Layer } from "effect"
import { MediaConfigLive } from "./config.ts"
import { CoverSizer } from "./files/cover-sizer.ts"
import { MediaStorageLive as ConfiguredStorageLive } from "./files/storage-live.ts"
import { WavConverter } from "./files/wav-converter.ts"
import { Generations } from "./generation/generations.ts"
import { MusicApi } from "./generation/music-api.ts"
import { StemsMaker } from "./stems/stems-job.ts"
import { VideoRenderer } from "./video-export/video-renderer.ts"
import { Videos } from "./video-export/videos.ts"

export { MediaApi, ReshapingApi, StemsApi, VideoApi, VoicesApi } from "./api.ts"
export { describeMediaConfig, mediaConfig } from "./config.ts"
export { CoverSizer } from "./files/cover-sizer.ts"
export { MediaStorage } from "./files/storage.ts"
export { WavConverter } from "./files/wav-converter.ts"
export { Generations } from "./generation/generations.ts"
export { MediaHttpLive } from "./generation/http.ts"
export { ReshapingHttpLive } from "./generation/reshaping-http.ts"
export { SongReshaping } from "./generation/song-reshaping.ts"
export { mediaJobs } from "./jobs.ts"
export { mediaMigrations } from "./migrations.ts"
export {
  EngineFailed,
  GenerationCredits,
  MusicEngine,
  type RenderFacts,
  type SongSource,
  SongSources,
} from "./ports.ts"
export { mediaReactions } from "./reactions.ts"
export { sweepRenderFolders } from "./render-folders.ts"
export { Stems } from "./stems/stems.ts"
export { StemsHttpLive } from "./stems/stems-http.ts"
export { VideoHttpLive } from "./video-export/video-http.ts"
export { VideoRenderer } from "./video-export/video-renderer.ts"
export { RenderFailed } from "./video-export/video-request.ts"
export { Videos } from "./video-export/videos.ts"
export { Voices } from "./voices/voices.ts"
export { VoicesHttpLive } from "./voices/voices-http.ts"

/** Media storage alone, for tools that put files where the server finds them. */
export const MediaStorageLive = ConfiguredStorageLive.pipe(Layer.provide(MediaConfigLive))

/**
 * Media's services; the app provides the store, the job queue, the app's address, the credits port and the
 * offline music engine (a stand-in).
 */
export const MediaLive = Layer.mergeAll(
  WavConverter.live,
  CoverSizer.live,
  Generations.live,
  StemsMaker.live,
).pipe(
  Layer.provideMerge(ConfiguredStorageLive),
  // Kept for the voices too, which the music API keeps as personas.
  Layer.provideMerge(MusicApi.live),
  Layer.provideMerge(MediaConfigLive),
)

/**
 * Video export, on media's storage and configuration (from `MediaLive`); the app provides the store, the
 * job queue and the songs port.
 */
export const VideosLive = Videos.live.pipe(Layer.provide(VideoRenderer.live))
