import { Config, Context, Duration, Layer, Option, type Redacted } from "effect"
import type { Limit } from "#toolkit/rate-limit.ts"

/** The live model, when configured: OpenAI or any server that speaks its chat completions API. */
export interface OpenAiSettings {
  readonly apiKey: Option.Option<Redacted.Redacted>
  readonly baseUrl: Option.Option<string>
  readonly model: string
  readonly timeout: Duration.Duration
  readonly maxRetries: number
  /** Answers asked for with a JSON schema (structured output), not as any JSON object. */
  readonly structuredOutput: boolean
}

export interface SongwritingConfigShape {
  /** None: the offline Melody and lyric writer. */
  readonly openAi: Option.Option<OpenAiSettings>
  readonly limits: { readonly chatTurns: Limit; readonly lyrics: Limit }
}

export class SongwritingConfig extends Context.Tag("@melody/songwriting/SongwritingConfig")<
  SongwritingConfig,
  SongwritingConfigShape
>() {}

const limit = (name: string, max: number, per: Duration.DurationInput) =>
  Config.map(Config.integer(name).pipe(Config.withDefault(max)), (n): Limit => ({ max: n, per }))

export const songwritingConfig = Config.all({
  apiKey: Config.option(Config.redacted("OPENAI_API_KEY")),
  baseUrl: Config.option(Config.string("OPENAI_BASE_URL")),
  model: Config.string("OPENAI_MODEL").pipe(Config.withDefault("gpt-4o")),
  timeout: Config.duration("OPENAI_TIMEOUT").pipe(Config.withDefault(Duration.seconds(60))),
  maxRetries: Config.integer("OPENAI_MAX_RETRIES").pipe(Config.withDefault(2)),
  structuredOutput: Config.option(Config.boolean("OPENAI_STRUCTURED_OUTPUT")),
  chatTurns: limit("CHAT_TURNS_PER_USER", 40, "10 minutes"),
  lyrics: limit("LYRICS_PER_USER", 20, "10 minutes"),
}).pipe(
  Config.map(
    ({
      apiKey,
      baseUrl,
      model,
      timeout,
      maxRetries,
      structuredOutput,
      chatTurns,
      lyrics,
    }): SongwritingConfigShape => ({
      // A compatible server without keys (a local model) is configured by its address alone.
      openAi:
        Option.isSome(apiKey) || Option.isSome(baseUrl)
          ? Option.some({
              apiKey,
              baseUrl,
              model,
              timeout,
              maxRetries,
              // OpenAI's own models take a schema; a compatible server is asked for one when told it can.
              structuredOutput: Option.getOrElse(structuredOutput, () => Option.isNone(baseUrl)),
            })
          : Option.none(),
      limits: { chatTurns, lyrics },
    }),
  ),
)

export const SongwritingConfigLive = Layer.effect(SongwritingConfig, songwritingConfig)

export const describeSongwritingConfig = (config: SongwritingConfigShape) => ({
  languageModel: Option.match(config.openAi, {
    onNone: () => "offline Melody",
    onSome: (openAi) =>
      `${openAi.model} at ${Option.getOrElse(openAi.baseUrl, () => "api.openai.com")}`,
  }),
})
