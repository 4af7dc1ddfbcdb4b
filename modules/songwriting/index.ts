/** Songwriting: Melody's chat, lyrics from the chat or the form, with a live or an offline model. */

import { Effect, Layer, Option } from "effect"
import { SongwritingConfig, SongwritingConfigLive } from "./config.ts"
import { openAiModel } from "./openai-model.ts"
import type { LanguageModel } from "./ports.ts"
import { Songwriting } from "./songwriting.ts"

export { SongwritingApi } from "./api.ts"
export { describeSongwritingConfig, SongwritingConfig, songwritingConfig } from "./config.ts"
export { SongwritingHttpLive } from "./http.ts"
export { Songwriting } from "./songwriting.ts"

/**
 * Songwriting with OpenAI (or a compatible server) when configured, and otherwise with `offline`: the
 * stand-in app/ composes in (the offline Melody), so the module knows only its port.
 */
export const songwritingLive = (offline: Layer.Layer<LanguageModel>) =>
  Songwriting.live.pipe(
    Layer.provide(
      Layer.unwrapEffect(
        Effect.map(SongwritingConfig, (config) =>
          Option.match(config.openAi, { onNone: () => offline, onSome: openAiModel }),
        ),
      ),
    ),
    Layer.provideMerge(SongwritingConfigLive),
  )
