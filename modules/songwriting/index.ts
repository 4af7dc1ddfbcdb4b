/** Songwriting: Melody's chat, lyrics from the chat or the form, with a live or an offline model. */

import { Effect, Layer, Option } from "effect"
import { SongwritingConfig, SongwritingConfigLive } from "./config.ts"
import { OfflineModelLive } from "./offline-model.ts"
import { openAiModel } from "./openai-model.ts"
import { Songwriting } from "./songwriting.ts"

export { SongwritingApi } from "./api.ts"
export { describeSongwritingConfig, SongwritingConfig, songwritingConfig } from "./config.ts"
export { SongwritingHttpLive } from "./http.ts"
export { Songwriting } from "./songwriting.ts"

/** OpenAI (or a compatible server) when configured, the offline Melody otherwise. */
const LanguageModelLive = Layer.unwrapEffect(
  Effect.map(SongwritingConfig, (config) =>
    Option.match(config.openAi, { onNone: () => OfflineModelLive, onSome: openAiModel }),
  ),
)

export const SongwritingLive = Songwriting.live.pipe(
  Layer.provide(LanguageModelLive),
  Layer.provideMerge(SongwritingConfigLive),
)
