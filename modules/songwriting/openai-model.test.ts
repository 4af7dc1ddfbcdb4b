import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either, Option, Redacted } from "effect"
import { fakeOpenAiForFile } from "#app/testing-openai.ts"
import { fallbackReply, openAiModel } from "./openai-model.ts"
import { LanguageModel, type ReplyRequest } from "./ports.ts"

const openAi = await fakeOpenAiForFile()

const settings = (
  overrides: {
    apiKey?: string
    timeoutMs?: number
    maxRetries?: number
    structuredOutput?: boolean
  } = {},
) => ({
  apiKey: Option.some(Redacted.make(overrides.apiKey ?? openAi.apiKey)),
  baseUrl: Option.some(openAi.url),
  model: "gpt-4o",
  timeout: Duration.millis(overrides.timeoutMs ?? 5000),
  maxRetries: overrides.maxRetries ?? 0,
  structuredOutput: overrides.structuredOutput ?? false,
})

const run = <A, E>(
  use: (model: LanguageModel["Type"]) => Effect.Effect<A, E>,
  options: Parameters<typeof settings>[0] = {},
) => Effect.flatMap(LanguageModel, use).pipe(Effect.provide(openAiModel(settings(options))))

const request: ReplyRequest = {
  history: [
    { role: "user", content: "A song about my first bicycle" },
    { role: "assistant", content: "Lovely! Which style?" },
    { role: "user", content: "Country, please" },
  ],
  song: { title: "", description: "", style: "", lyrics: "", stage: "initial" },
  dateContext: "It is Saturday, 21 November 2026, 08:50 UTC.",
  seed: 1,
}

describe("the live language model against a local OpenAI", () => {
  it.effect("sends Melody's prompt, the date, the song and the turns; reads the JSON reply", () =>
    Effect.gen(function* () {
      openAi.script({
        kind: "json",
        content: {
          message: "Country it is! Male or female vocals?",
          action: { type: "none", data: {} },
        },
      })
      const answer = yield* run((model) => model.reply(request))
      expect(answer).toEqual({
        reply: {
          message: "Country it is! Male or female vocals?",
          action: { type: "none", data: {} },
        },
        fallback: false,
      })
      const [sent] = openAi.requests
      expect(sent?.authorization).toBe(`Bearer ${openAi.apiKey}`)
      expect(sent?.body.model).toBe("gpt-4o")
      expect(sent?.body.response_format).toEqual({ type: "json_object" })
      const messages = sent?.body.messages ?? []
      expect(messages[0]?.role).toBe("system")
      expect(messages[0]?.content).toContain("You are Melody")
      expect(messages[0]?.content).toContain(
        "Pop, Rock, Hip-Hop, Country, Jazz, Electronic or Classical",
      )
      expect(messages[1]).toEqual({
        role: "system",
        content: "Current date and time: It is Saturday, 21 November 2026, 08:50 UTC.",
      })
      expect(messages[2]?.content).toContain('"stage":"initial"')
      expect(messages.slice(3)).toEqual(request.history)
    }),
  )

  it.effect(
    "a reply that is not JSON, or lacks a message or an action type, becomes the fallback",
    () =>
      Effect.gen(function* () {
        openAi.script(
          { kind: "text", content: "Sure! {not json" },
          { kind: "json", content: { action: { type: "none", data: {} } } },
          { kind: "json", content: { message: "Hi", action: { data: {} } } },
          { kind: "json", content: { message: "Hi", action: { type: "dance", data: {} } } },
        )
        for (let i = 0; i < 4; i++) {
          expect(yield* run((model) => model.reply(request))).toEqual({
            reply: fallbackReply,
            fallback: true,
          })
        }
        expect(fallbackReply.message).toBe(
          "I apologize, but I couldn't process that properly. Could you try rephrasing?",
        )
      }),
  )

  it.effect("a refused key is a key problem; other failures are failures", () =>
    Effect.gen(function* () {
      const refused = yield* Effect.either(
        run((model) => model.reply(request), { apiKey: "sk-wrong" }),
      )
      expect(Either.isLeft(refused) && refused.left._tag).toBe("ModelKeyProblem")
      openAi.script({ kind: "status", status: 500, message: "The server had an error" })
      const failed = yield* Effect.either(run((model) => model.reply(request)))
      expect(Either.isLeft(failed) && failed.left._tag).toBe("ModelFailed")
    }),
  )

  it.effect("gives up after its timeout", () =>
    Effect.gen(function* () {
      openAi.script({ kind: "hang", ms: 3000 })
      const started = Date.now()
      const late = yield* Effect.either(run((model) => model.reply(request), { timeoutMs: 300 }))
      expect(Either.isLeft(late) && late.left._tag).toBe("ModelFailed")
      expect(Date.now() - started).toBeLessThan(2500)
    }),
  )

  it.effect("retries a failed call as configured", () =>
    Effect.gen(function* () {
      openAi.script(
        { kind: "status", status: 503, message: "overloaded" },
        { kind: "json", content: { message: "Back!", action: { type: "none", data: {} } } },
      )
      const answer = yield* run((model) => model.reply(request), { maxRetries: 1 })
      expect(answer.reply.message).toBe("Back!")
      expect(openAi.requests).toHaveLength(2)
    }),
  )

  it.effect("writes lyrics from a brief, and refuses an answer without them", () =>
    Effect.gen(function* () {
      openAi.script(
        { kind: "json", content: { lyrics: "[Verse 1]\nWheels on the gravel road" } },
        { kind: "json", content: { words: "nope" } },
      )
      const brief = {
        title: "First Bicycle",
        description: "my first bike",
        style: "Country",
        seed: 1,
      }
      expect(yield* run((model) => model.writeLyrics(brief))).toBe(
        "[Verse 1]\nWheels on the gravel road",
      )
      expect(openAi.requests[0]?.body.messages[1]?.content).toBe(
        "Title: First Bicycle\nStyle: Country\nDescription: my first bike",
      )
      const missing = yield* Effect.either(run((model) => model.writeLyrics(brief)))
      expect(Either.isLeft(missing) && missing.left).toMatchObject({
        _tag: "ModelFailed",
        detail: "Invalid response format",
      })
    }),
  )

  it.effect("streams a reply's message as it is written, and records the whole answer", () =>
    Effect.gen(function* () {
      let release = () => {}
      const hold = new Promise<void>((resolve) => {
        release = resolve
      })
      const message = 'Country it is!\nMale or "female" vocals? \u00e9'
      openAi.script({
        kind: "json",
        content: { message, action: { type: "none", data: {} } },
        hold,
      })
      const heard: Array<string> = []
      const answer = yield* run((model) =>
        model.reply(request, (words) =>
          Effect.sync(() => {
            heard.push(words)
            // Half the answer is sent, the rest held: the first words came while it was written.
            if (heard.join("").length >= 3) release()
          }),
        ),
      )
      expect(heard.length).toBeGreaterThan(3)
      expect(heard.join("")).toBe(message)
      expect(answer).toEqual({
        reply: { message, action: { type: "none", data: {} } },
        fallback: false,
      })
      expect(openAi.requests[0]?.body.stream).toBe(true)
    }),
  )

  it.effect("a streamed answer that is not a reply is the fallback; a refusal fails it", () =>
    Effect.gen(function* () {
      openAi.script(
        { kind: "text", content: '{"message": "Half a thought' },
        { kind: "status", status: 500, message: "The server had an error" },
      )
      const heard: Array<string> = []
      const written = (words: string) => Effect.sync(() => heard.push(words))
      expect(yield* run((model) => model.reply(request, written))).toEqual({
        reply: fallbackReply,
        fallback: true,
      })
      expect(heard.join("")).toBe("Half a thought")
      const failed = yield* Effect.either(run((model) => model.reply(request, written)))
      expect(Either.isLeft(failed) && failed.left._tag).toBe("ModelFailed")
    }),
  )

  it.effect(
    "asks for structured output with the reply's schema, and reads its nulls as unused",
    () =>
      Effect.gen(function* () {
        const data = { title: "Gravel", style: "Country", description: "A bike", lyrics: null }
        openAi.script(
          {
            kind: "json",
            content: { message: "Shall I?", action: { type: "generate_lyrics", data } },
          },
          { kind: "json", content: { lyrics: "[Verse 1]\nGravel" } },
        )
        const answer = yield* run((model) => model.reply(request), { structuredOutput: true })
        expect(answer.reply.action).toEqual({
          type: "generate_lyrics",
          data: { title: "Gravel", style: "Country", description: "A bike" },
        })
        const brief = { title: "Gravel", description: "A bike", style: "Country", seed: 1 }
        yield* run((model) => model.writeLyrics(brief), { structuredOutput: true })
        const [reply, lyrics] = openAi.requests.map((sent) => sent.body.response_format)
        expect(reply).toMatchObject({ type: "json_schema", json_schema: { strict: true } })
        expect(reply?.json_schema?.schema).toMatchObject({
          required: ["message", "action"],
          additionalProperties: false,
          properties: { action: { properties: { data: { required: Object.keys(data) } } } },
        })
        expect(lyrics?.json_schema).toMatchObject({ name: "melody_lyrics", strict: true })
      }),
  )
})
