/**
 * Media: song generation through the music engine or a music API, the files behind songs, their stems, and
 * their videos for social formats.
 */

import { Layer } from "effect"
import { MediaConfigLive } from "./config.ts"
import { Generations } from "./generation/generations.ts"
import { MusicApi } from "./generation/music-api.ts"
import { SongReshaping } from "./generation/song-reshaping.ts"
import { Songs } from "./songs.ts"
import { Stems } from "./stems/stems.ts"
import { StemsMaker } from "./stems/stems-job.ts"
import { VideoRenderer } from "./video-export/video-renderer.ts"
import { Videos } from "./video-export/videos.ts"
import { Voices } from "./voices/voices.ts"

export { MediaApi, ReshapingApi, StemsApi, VideoApi, VoicesApi } from "./api.ts"
export { describeMediaConfig, mediaConfig } from "./config.ts"
export { Generations } from "./generation/generations.ts"
export { MediaHttpLive } from "./generation/http.ts"
export { ReshapingHttpLive } from "./generation/reshaping-http.ts"
export { SongReshaping } from "./generation/song-reshaping.ts"
export { mediaJobs } from "./jobs.ts"
export { mediaMigrations } from "./migrations.ts"
export {
  EngineFailed,
  MusicEngine,
  type RenderFacts,
} from "./ports.ts"
export { mediaReactions } from "./reactions.ts"
export { Stems } from "./stems/stems.ts"
export { StemsHttpLive } from "./stems/stems-http.ts"
export { VideoHttpLive } from "./video-export/video-http.ts"
export { VideoRenderer } from "./video-export/video-renderer.ts"
export { RenderFailed } from "./video-export/video-request.ts"
export { Videos } from "./video-export/videos.ts"
export { Voices } from "./voices/voices.ts"
export { VoicesHttpLive } from "./voices/voices-http.ts"

/**
 * Media's services; the app provides the store, the job queue, the app's address, the credits port and the
 * offline music engine (a stand-in).
 */
export const MediaLive = Layer.mergeAll(Generations.live, StemsMaker.live).pipe(
  // Kept for the voices too, which the music API keeps as personas.
  Layer.provideMerge(MusicApi.live),
  Layer.provideMerge(MediaConfigLive),
)

/**
 * Video export, on media's storage and configuration (from `MediaLive`); the app provides the store, the
 * job queue and the songs port.
 */
export const VideosLive = Videos.live.pipe(Layer.provide(VideoRenderer.live))

/**
 * What media makes from saved songs (videos, new versions, kept voices, stems), on media's view of the
 * songs; the app provides the store, the job queue and the credits port.
 */
export const SongWorkLive = Layer.mergeAll(
  VideosLive,
  SongReshaping.live,
  Voices.live,
  Stems.live,
).pipe(Layer.provide(Songs.live))
