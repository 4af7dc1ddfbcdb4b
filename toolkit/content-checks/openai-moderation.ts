import { Duration, Effect, Layer, Option, Redacted } from "effect"
import OpenAI from "openai"
import type { ModerationApiSettings } from "./content-checks-config.ts"
import { Moderation, ModerationUnavailable } from "./moderation.ts"

export const moderationModel = "omni-moderation-latest"

/**
 * The live adapter: every text of a request in one call to the moderation endpoint, within `timeout`
 * (retries included). Any failure, a refused key among them, is the endpoint being unavailable.
 */
export const openAiModeration = (settings: ModerationApiSettings, timeout: Duration.Duration) =>
  Layer.sync(Moderation, () => {
    const client = new OpenAI({
      apiKey: Option.match(settings.apiKey, { onNone: () => "not-needed", onSome: Redacted.value }),
      ...Option.match(settings.baseUrl, { onNone: () => ({}), onSome: (baseURL) => ({ baseURL }) }),
      timeout: Duration.toMillis(timeout),
      maxRetries: settings.maxRetries,
    })
    return Moderation.of({
      name: moderationModel,
      classify: (texts) =>
        Effect.tryPromise({
          try: (signal) =>
            client.moderations.create({ model: moderationModel, input: [...texts] }, { signal }),
          catch: (error) =>
            new ModerationUnavailable({
              detail: error instanceof Error ? error.message : String(error),
            }),
        }).pipe(
          Effect.timeoutFail({
            duration: timeout,
            onTimeout: () => new ModerationUnavailable({ detail: "No answer in time" }),
          }),
          Effect.flatMap((answer) =>
            answer.results.length === texts.length
              ? Effect.succeed(
                  answer.results.map((result) => ({
                    flagged: result.flagged,
                    categories: Object.entries(result.categories)
                      .filter(([, flagged]) => flagged === true)
                      .map(([category]) => category),
                  })),
                )
              : Effect.fail(
                  new ModerationUnavailable({
                    detail: `${answer.results.length} results for ${texts.length} texts`,
                  }),
                ),
          ),
          Effect.withSpan("OpenAI.moderation", { attributes: { texts: texts.length } }),
        ),
    })
  })
