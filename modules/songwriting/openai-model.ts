import { Duration, Effect, Layer, Option, Redacted, Schema } from "effect"
import OpenAI from "openai"
import { ActionType } from "#events/contracts/songwriting.ts"
import { ActionData } from "./api.ts"
import type { OpenAiSettings } from "./config.ts"
import {
  LanguageModel,
  type LyricsRequest,
  ModelFailed,
  ModelKeyProblem,
  type Reply,
  type ReplyRequest,
} from "./ports.ts"
import {
  dateMessage,
  lyricsBriefMessage,
  lyricsSystemPrompt,
  melodySystemPrompt,
  songMessage,
} from "./prompts.ts"

/** The spec's stand-in for a reply without a message or an action type, or one that is not JSON. */
export const fallbackReply: Reply = {
  message: "I apologize, but I couldn't process that properly. Could you try rephrasing?",
  action: { type: "none", data: {} },
}

const ModelReply = Schema.parseJson(
  Schema.Struct({
    message: Schema.String.pipe(Schema.minLength(1)),
    action: Schema.Struct({
      type: ActionType,
      data: Schema.optionalWith(ActionData, { default: () => ({}) }),
    }),
  }),
)
const ModelLyrics = Schema.parseJson(
  Schema.Struct({ lyrics: Schema.String.pipe(Schema.minLength(1)) }),
)

/** A refused or missing key needs an operator; anything else is a failure to answer. */
const classify = (error: unknown) => {
  const detail = error instanceof Error ? error.message : String(error)
  if (
    error instanceof OpenAI.AuthenticationError ||
    error instanceof OpenAI.PermissionDeniedError ||
    /api key/i.test(detail)
  ) {
    return new ModelKeyProblem({ detail })
  }
  return new ModelFailed({ detail })
}

const make = (settings: OpenAiSettings) => {
  const client = new OpenAI({
    apiKey: Option.match(settings.apiKey, {
      onNone: () => "not-needed",
      onSome: Redacted.value,
    }),
    ...Option.match(settings.baseUrl, { onNone: () => ({}), onSome: (baseURL) => ({ baseURL }) }),
    timeout: Duration.toMillis(settings.timeout),
    maxRetries: settings.maxRetries,
  })

  const complete = (what: string, messages: Array<OpenAI.Chat.ChatCompletionMessageParam>) =>
    Effect.tryPromise({
      try: (signal) =>
        client.chat.completions.create(
          { model: settings.model, response_format: { type: "json_object" }, messages },
          { signal },
        ),
      catch: classify,
    }).pipe(
      Effect.map((completion) => completion.choices[0]?.message.content ?? ""),
      Effect.tapError((error) => Effect.logWarning(`Language model: ${what} failed`, error.detail)),
      Effect.withSpan(`OpenAI.${what}`, { attributes: { model: settings.model } }),
    )

  const reply = (request: ReplyRequest) =>
    Effect.map(
      complete("reply", [
        { role: "system", content: melodySystemPrompt },
        { role: "system", content: dateMessage(request.dateContext) },
        { role: "system", content: songMessage(request.song) },
        ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
      ]),
      (content) =>
        Option.match(Schema.decodeUnknownOption(ModelReply)(content), {
          onNone: () => ({ reply: fallbackReply, fallback: true }),
          onSome: (parsed): { reply: Reply; fallback: boolean } => ({
            reply: { message: parsed.message, action: parsed.action },
            fallback: false,
          }),
        }),
    )

  const writeLyrics = (request: LyricsRequest) =>
    Effect.flatMap(
      complete("lyrics", [
        { role: "system", content: lyricsSystemPrompt },
        { role: "user", content: lyricsBriefMessage(request) },
      ]),
      (content) =>
        Option.match(Schema.decodeUnknownOption(ModelLyrics)(content), {
          onNone: () => Effect.fail(new ModelFailed({ detail: "Invalid response format" })),
          onSome: (parsed) => Effect.succeed(parsed.lyrics),
        }),
    )

  return LanguageModel.of({ name: settings.model, reply, writeLyrics })
}

/** The live adapter: the official client, JSON-object answers, timeouts and retries from the settings. */
export const openAiModel = (settings: OpenAiSettings) =>
  Layer.sync(LanguageModel, () => make(settings))
