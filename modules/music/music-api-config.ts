import { createHmac } from "node:crypto"
import { Config, Option, Redacted } from "effect"

/** A Suno-style music API, when configured: the live music maker. */
export interface MusicApiSettings {
  readonly url: URL
  readonly key: Redacted.Redacted
  readonly model: string
  /** The secret in the callback address the music API posts to. */
  readonly callbackSecret: Redacted.Redacted
  /** How its vocal removal takes a song apart: every instrument (`split_stem`), or voice and the rest. */
  readonly stemSplit: "split_stem" | "separate_vocal"
}

/** MUSIC_API_KEY turns the music API on; the rest have defaults. */
export const musicApi = Config.all({
  url: Config.url("MUSIC_API_URL").pipe(Config.option),
  key: Config.redacted("MUSIC_API_KEY").pipe(Config.option),
  model: Config.string("MUSIC_MODEL").pipe(Config.withDefault("V4_5ALL")),
  callbackSecret: Config.redacted("MUSIC_CALLBACK_SECRET").pipe(Config.option),
  stemSplit: Config.literal(
    "split_stem",
    "separate_vocal",
  )("MUSIC_API_STEMS").pipe(Config.withDefault("split_stem" as const)),
}).pipe(
  Config.map(({ url, key, model, callbackSecret, stemSplit }) =>
    Option.map(key, (key) => ({
      url: Option.getOrElse(url, () => new URL("https://api.sunoapi.org")),
      key,
      model,
      stemSplit,
      // Stable across restarts (callbacks of running tasks keep working) and never the key itself.
      callbackSecret: Option.getOrElse(callbackSecret, () =>
        Redacted.make(
          createHmac("sha256", Redacted.value(key)).update("music-callbacks").digest("hex"),
        ),
      ),
    })),
  ),
)
