/** Media: song generation through the music engine or a provider, and the files behind songs. */

import { Layer } from "effect"
import { MediaConfigLive } from "./config.ts"
import { Generations } from "./generations.ts"
import { MusicApi } from "./music-api.ts"
import { MusicEngine } from "./music-engine.ts"
import { MediaStorageLive as ConfiguredStorageLive } from "./storage-live.ts"
import { WavConverter } from "./wav-converter.ts"

export { MediaApi } from "./api.ts"
export { describeMediaConfig, mediaConfig } from "./config.ts"
export { Generations } from "./generations.ts"
export { MediaHttpLive } from "./http.ts"
export { mediaJobs } from "./jobs.ts"
export { mediaMigrations } from "./migrations.ts"
export { EngineFailed, MusicEngine } from "./music-engine.ts"
export { GenerationCredits, NotEnoughCredits } from "./ports.ts"
export { MediaStorage } from "./storage.ts"
export { RenderFailed, VideoRenderer } from "./video-renderer.ts"
export { WavConverter } from "./wav-converter.ts"

/** Media storage alone, for tools that put files where the server finds them. */
export const MediaStorageLive = ConfiguredStorageLive.pipe(Layer.provide(MediaConfigLive))

/** Media's services; the app provides the store, the job queue, the app's address and the credits port. */
export const MediaLive = Layer.mergeAll(WavConverter.live, Generations.live).pipe(
  Layer.provideMerge(ConfiguredStorageLive),
  Layer.provide(Layer.mergeAll(MusicApi.live, MusicEngine.live)),
  Layer.provideMerge(MediaConfigLive),
)
