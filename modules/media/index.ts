/**
 * Media: song generation through the music engine or a provider, the files behind songs, and their videos
 * for social formats.
 */

import { Layer } from "effect"
import { MediaConfigLive } from "./config.ts"
import { Generations } from "./generations.ts"
import { MusicApi } from "./music-api.ts"
import { MediaStorageLive as ConfiguredStorageLive } from "./storage-live.ts"
import { VideoRenderer } from "./video-renderer.ts"
import { Videos } from "./videos.ts"
import { WavConverter } from "./wav-converter.ts"

export { MediaApi, VideoApi } from "./api.ts"
export { describeMediaConfig, mediaConfig } from "./config.ts"
export { Generations } from "./generations.ts"
export { MediaHttpLive } from "./http.ts"
export { mediaJobs } from "./jobs.ts"
export { mediaMigrations } from "./migrations.ts"
export {
  EngineFailed,
  GenerationCredits,
  MusicEngine,
  type SongSource,
  SongSources,
} from "./ports.ts"
export { sweepRenderFolders } from "./render-folders.ts"
export { MediaStorage } from "./storage.ts"
export { VideoHttpLive } from "./video-http.ts"
export { RenderFailed, VideoRenderer } from "./video-renderer.ts"
export { Videos } from "./videos.ts"
export { WavConverter } from "./wav-converter.ts"

/** Media storage alone, for tools that put files where the server finds them. */
export const MediaStorageLive = ConfiguredStorageLive.pipe(Layer.provide(MediaConfigLive))

/**
 * Media's services; the app provides the store, the job queue, the app's address, the credits port and the
 * offline music engine (a stand-in).
 */
export const MediaLive = Layer.mergeAll(WavConverter.live, Generations.live).pipe(
  Layer.provideMerge(ConfiguredStorageLive),
  Layer.provide(MusicApi.live),
  Layer.provideMerge(MediaConfigLive),
)

/**
 * Video export, on media's storage and configuration (from `MediaLive`); the app provides the store, the
 * job queue and the songs port.
 */
export const VideosLive = Videos.live.pipe(Layer.provide(VideoRenderer.live))
