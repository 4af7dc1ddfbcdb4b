/**
 * Checks of what people publish (titles, lyrics, styles, comments, bios, playlist names) before it is
 * saved or sent to a maker, shared by every module that takes such text.
 */
import { Effect, Layer, Option } from "effect"
import { ContentChecks } from "./content-checks.ts"
import { contentChecksConfig } from "./content-checks-config.ts"
import type { Moderation } from "./moderation.ts"
import { moderationWithFallback } from "./moderation-fallback.ts"
import { openAiModeration } from "./openai-moderation.ts"

export { ContentChecks, type TextField } from "./content-checks.ts"
export {
  type ContentChecksConfigShape,
  contentChecksConfig,
  describeContentChecksConfig,
} from "./content-checks-config.ts"
export { foldText, holdsPhrase } from "./folded-text.ts"
export { Moderation, ModerationUnavailable, type ModerationVerdict } from "./moderation.ts"

/**
 * Content checks through OpenAI's moderation endpoint when configured, falling back to `offline` while it
 * fails, and through `offline` alone otherwise: the stand-in app/ composes in (the word list).
 */
export const contentChecksLive = (offline: Layer.Layer<Moderation>) =>
  Layer.unwrapEffect(
    Effect.map(contentChecksConfig, (config) =>
      ContentChecks.make(config.protectedArtists).pipe(
        Layer.provide(
          Option.match(config.moderationApi, {
            onNone: () => offline,
            onSome: (api) => moderationWithFallback(openAiModeration(api, config.timeout), offline),
          }),
        ),
      ),
    ),
  )
