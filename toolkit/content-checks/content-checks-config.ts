import { Config, Duration, Option, type Redacted } from "effect"
import defaultArtists from "./protected-artists.json" with { type: "json" }

/** OpenAI's moderation endpoint (or a compatible server's), when texts are checked there. */
export interface ModerationApiSettings {
  readonly apiKey: Option.Option<Redacted.Redacted>
  readonly baseUrl: Option.Option<string>
  readonly maxRetries: number
}

export interface ContentChecksConfigShape {
  /** None: the offline word list. */
  readonly moderationApi: Option.Option<ModerationApiSettings>
  /** How long a check may wait for the endpoint, retries included, before the word list decides. */
  readonly timeout: Duration.Duration
  /** Artists a style may not name, as written in the list. */
  readonly protectedArtists: ReadonlyArray<string>
}

export const contentChecksConfig = Config.all({
  checker: Config.option(Config.literal("openai", "word-list")("CONTENT_CHECKS")),
  apiKey: Config.option(Config.redacted("OPENAI_API_KEY")),
  baseUrl: Config.option(Config.string("OPENAI_BASE_URL")),
  maxRetries: Config.integer("OPENAI_MAX_RETRIES").pipe(Config.withDefault(2)),
  timeout: Config.duration("CONTENT_CHECK_TIMEOUT").pipe(Config.withDefault(Duration.seconds(5))),
  // Separated by semicolons, as a name may hold a comma ("Tyler, the Creator"); set empty, none.
  protectedArtists: Config.option(Config.string("PROTECTED_ARTISTS")),
}).pipe(
  Config.map(
    ({
      checker,
      apiKey,
      baseUrl,
      maxRetries,
      timeout,
      protectedArtists,
    }): ContentChecksConfigShape => ({
      moderationApi:
        Option.getOrElse(checker, () => (Option.isSome(apiKey) ? "openai" : "word-list")) ===
        "openai"
          ? Option.some({ apiKey, baseUrl, maxRetries })
          : Option.none(),
      timeout,
      protectedArtists: Option.match(protectedArtists, {
        onNone: () => defaultArtists,
        onSome: (list) =>
          list
            .split(";")
            .map((name) => name.trim())
            .filter((name) => name !== ""),
      }),
    }),
  ),
)

export const describeContentChecksConfig = (config: ContentChecksConfigShape) => ({
  contentChecks: Option.match(config.moderationApi, {
    onNone: () => "offline word list",
    onSome: (api) =>
      `omni-moderation-latest at ${Option.getOrElse(api.baseUrl, () => "api.openai.com")}`,
  }),
  protectedArtists: config.protectedArtists.length,
})
