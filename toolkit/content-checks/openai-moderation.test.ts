import { afterAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Option, Redacted } from "effect"
import { startFakeOpenAi } from "#stand-ins/fake-services/openai.ts"
import { Moderation } from "./moderation.ts"
import { openAiModeration } from "./openai-moderation.ts"

const openAi = await startFakeOpenAi()
afterAll(() => openAi.close())
beforeEach(() => openAi.reset())

const classify = (
  texts: ReadonlyArray<string>,
  options: { key?: string; timeoutMs?: number } = {},
) =>
  Effect.flatMap(Moderation, (moderation) => moderation.classify(texts)).pipe(
    Effect.provide(
      openAiModeration(
        {
          apiKey: Option.some(Redacted.make(options.key ?? openAi.apiKey)),
          baseUrl: Option.some(openAi.url),
          maxRetries: 0,
        },
        Duration.millis(options.timeoutMs ?? 5000),
      ),
    ),
  )

describe("the moderation port against a local OpenAI moderation endpoint", () => {
  it.effect(
    "sends every text in one call to omni-moderation-latest, and reads what each is flagged for",
    () =>
      Effect.gen(function* () {
        openAi.flag("kill yourself", "harassment")
        openAi.flag("knife in the dark", "violence")
        openAi.flag("vermin", "hate", "harassment")
        const verdicts = yield* classify([
          "Sunny day",
          "Just kill yourself",
          "A knife in the dark",
          "vermin",
        ])
        expect(verdicts).toEqual([
          { flagged: false, categories: [] },
          { flagged: true, categories: ["harassment"] },
          { flagged: true, categories: ["violence"] },
          { flagged: true, categories: ["harassment", "hate"] },
        ])
        expect(openAi.moderations).toHaveLength(1)
        const [sent] = openAi.moderations
        expect(sent?.authorization).toBe(`Bearer ${openAi.apiKey}`)
        expect(sent?.body).toEqual({
          model: "omni-moderation-latest",
          input: ["Sunny day", "Just kill yourself", "A knife in the dark", "vermin"],
        })
      }),
  )

  it.effect("an endpoint that fails or refuses the key is unavailable, saying why", () =>
    Effect.gen(function* () {
      openAi.failModerations({ kind: "status", status: 503, message: "Overloaded" })
      const failed = yield* Effect.flip(classify(["Hello"]))
      expect(failed._tag).toBe("ModerationUnavailable")
      expect(failed.detail).toMatch(/503/)
      const refused = yield* Effect.flip(classify(["Hello"], { key: "sk-wrong" }))
      expect(refused.detail).toMatch(/401/)
    }),
  )

  it.live("an endpoint that does not answer in time is unavailable once the time is up", () =>
    Effect.gen(function* () {
      openAi.failModerations({ kind: "hang", ms: 5_000 })
      const started = Date.now()
      const failed = yield* Effect.flip(classify(["Hello"], { timeoutMs: 300 }))
      expect(failed._tag).toBe("ModerationUnavailable")
      expect(Date.now() - started).toBeLessThan(3_000)
    }),
  )
})
