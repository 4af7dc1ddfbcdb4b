import { Duration, Effect, Layer, Option, Redacted, Schema, Stream } from "effect"
import OpenAI from "openai"
import type { OpenAiSettings } from "./config.ts"
import { messageSoFar } from "./message-so-far.ts"
import { answerFormats, LyricsAnswer, ReplyAnswer } from "./model-answer-formats.ts"
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

  const formats = answerFormats(settings.structuredOutput)
  type Format = (typeof formats)[keyof typeof formats]
  type Messages = Array<OpenAI.Chat.ChatCompletionMessageParam>

  const observed = <A, E>(what: string, call: Effect.Effect<A, E & { readonly detail: string }>) =>
    call.pipe(
      Effect.tapError((error) => Effect.logWarning(`Language model: ${what} failed`, error.detail)),
      Effect.withSpan(`OpenAI.${what}`, { attributes: { model: settings.model } }),
    )

  const complete = (what: string, format: Format, messages: Messages) =>
    observed(
      what,
      Effect.tryPromise({
        try: (signal) =>
          client.chat.completions.create(
            { model: settings.model, response_format: format, messages },
            { signal },
          ),
        catch: classify,
      }).pipe(Effect.map((completion) => completion.choices[0]?.message.content ?? "")),
    )

  /** The answer as it is written: `written` hears each new piece of its message; the whole is returned. */
  const streamed = (
    what: string,
    format: Format,
    messages: Messages,
    written: (words: string) => Effect.Effect<void>,
  ) =>
    observed(
      what,
      Effect.gen(function* () {
        const chunks = yield* Effect.tryPromise({
          try: (signal) =>
            client.chat.completions.create(
              { model: settings.model, response_format: format, messages, stream: true },
              { signal },
            ),
          catch: classify,
        })
        let answer = ""
        let heard = ""
        yield* Stream.fromAsyncIterable(chunks, classify).pipe(
          Stream.runForEach((chunk) => {
            answer += chunk.choices[0]?.delta.content ?? ""
            const message = messageSoFar(answer)
            if (message.length <= heard.length || !message.startsWith(heard)) return Effect.void
            const words = message.slice(heard.length)
            heard = message
            return written(words)
          }),
        )
        return answer
      }).pipe(
        // The client's timeout ends a call that does not start answering; this one, an answer that
        // does not finish.
        Effect.timeoutFail({
          duration: settings.timeout,
          onTimeout: () => new ModelFailed({ detail: "The answer did not finish in time" }),
        }),
      ),
    )

  const reply = (request: ReplyRequest, written?: (words: string) => Effect.Effect<void>) => {
    const messages: Messages = [
      { role: "system", content: melodySystemPrompt },
      { role: "system", content: dateMessage(request.dateContext) },
      { role: "system", content: songMessage(request.song) },
      ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
    ]
    return Effect.map(
      written
        ? streamed("reply", formats.reply, messages, written)
        : complete("reply", formats.reply, messages),
      (content) =>
        Option.match(Schema.decodeUnknownOption(ReplyAnswer)(content), {
          onNone: () => ({ reply: fallbackReply, fallback: true }),
          onSome: (parsed): { reply: Reply; fallback: boolean } => ({
            reply: { message: parsed.message, action: parsed.action },
            fallback: false,
          }),
        }),
    )
  }

  const writeLyrics = (request: LyricsRequest) =>
    Effect.flatMap(
      complete("lyrics", formats.lyrics, [
        { role: "system", content: lyricsSystemPrompt },
        { role: "user", content: lyricsBriefMessage(request) },
      ]),
      (content) =>
        Option.match(Schema.decodeUnknownOption(LyricsAnswer)(content), {
          onNone: () => Effect.fail(new ModelFailed({ detail: "Invalid response format" })),
          onSome: (parsed) => Effect.succeed(parsed.lyrics),
        }),
    )

  return LanguageModel.of({ name: settings.model, reply, writeLyrics })
}

/**
 * The live adapter: the official client, answers in JSON (with a schema when the model takes one), a
 * reply's message streamed as it is written when asked, timeouts and retries from the settings.
 */
export const openAiModel = (settings: OpenAiSettings) =>
  Layer.sync(LanguageModel, () => make(settings))
