/**
 * Music: songs made by a music maker (the offline engine or a music API), heard while they are made,
 * reshaped (extended, a section replaced, restyled), sung again in a kept voice, and taken apart into stems.
 */

import { Layer } from "effect"
import { MusicConfigLive } from "./config.ts"
import { Generations } from "./generation/generations.ts"
import { MusicApi } from "./makers/music-api.ts"
import { SongReshaping } from "./reshaping/song-reshaping.ts"
import { Songs } from "./songs.ts"
import { Stems } from "./stems/stems.ts"
import { StemsMaker } from "./stems/stems-job.ts"
import { Voices } from "./voices/voices.ts"

export { GenerationApi, ReshapingApi, StemsApi, VoicesApi } from "./api.ts"
export { describeMusicConfig, musicConfig } from "./config.ts"
export { Generations } from "./generation/generations.ts"
export { GenerationHttpLive } from "./generation/http.ts"
export { musicJobs } from "./jobs.ts"
export {
  EngineFailed,
  MusicEngine,
  type RenderFacts,
} from "./ports.ts"
export { musicReactions } from "./reactions.ts"
export { ReshapingHttpLive } from "./reshaping/reshaping-http.ts"
export { SongReshaping } from "./reshaping/song-reshaping.ts"
export { Stems } from "./stems/stems.ts"
export { StemsHttpLive } from "./stems/stems-http.ts"
export { Voices } from "./voices/voices.ts"
export { VoicesHttpLive } from "./voices/voices-http.ts"

/**
 * Music's makers and generations; the app provides the store, the job queue, the app's address, the credits port and the
 * offline music engine (a stand-in).
 */
export const MusicLive = Layer.mergeAll(Generations.live, StemsMaker.live).pipe(
  // Kept for the voices too, which the music API keeps as personas.
  Layer.provideMerge(MusicApi.live),
  Layer.provideMerge(MusicConfigLive),
)

/**
 * What music makes from saved songs (new versions, kept voices, stems), on its own view of the songs; the
 * app provides the store, the job queue and the credits port.
 */
export const SongWorkLive = Layer.mergeAll(SongReshaping.live, Voices.live, Stems.live).pipe(
  Layer.provide(Songs.live),
)
