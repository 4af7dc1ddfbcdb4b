/** Media: the files behind songs (storage, conversions); generation and video come with their issues. */

import { Layer } from "effect"
import { MediaConfigLive } from "./config.ts"
import { LocalStorageLive } from "./storage.ts"
import { WavConverter } from "./wav-converter.ts"

export { MediaStorage } from "./storage.ts"
export { WavConverter } from "./wav-converter.ts"

export const MediaLive = WavConverter.live.pipe(
  Layer.provideMerge(LocalStorageLive),
  Layer.provide(MediaConfigLive),
)
