import { afterAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, Option, Redacted, TestClock } from "effect"
import { WordListModerationLive } from "#stand-ins/content-checks/word-list.ts"
import { startFakeOpenAi } from "#stand-ins/fake-services/openai.ts"
import { type ErrorReport, ErrorReports } from "../error-reports.ts"
import { ContentChecks, type TextField } from "./content-checks.ts"
import { Moderation, type ModerationVerdict } from "./moderation.ts"
import { moderationWithFallback } from "./moderation-fallback.ts"
import { openAiModeration } from "./openai-moderation.ts"

const openAi = await startFakeOpenAi()
afterAll(() => openAi.close())
beforeEach(() => openAi.reset())

const artists = ["Taylor Swift", "Beyoncé"]

/** A classifier that flags texts holding a key of `verdicts` as it says, and counts its calls. */
const scripted = (verdicts: Record<string, ModerationVerdict>) => {
  const calls: Array<ReadonlyArray<string>> = []
  const layer = Layer.succeed(
    Moderation,
    Moderation.of({
      name: "scripted",
      classify: (texts) =>
        Effect.sync(() => {
          calls.push(texts)
          return texts.map(
            (text) =>
              Object.entries(verdicts).find(([words]) => text.includes(words))?.[1] ?? {
                flagged: false,
                categories: [],
              },
          )
        }),
    }),
  )
  return { calls, layer }
}

const check = (moderation: Layer.Layer<Moderation>, fields: ReadonlyArray<TextField>) =>
  Effect.flatMap(ContentChecks, (checks) => checks.check(fields)).pipe(
    Effect.provide(ContentChecks.make(artists).pipe(Layer.provide(moderation))),
  )

const song = (title: string, lyrics: string, style: string): ReadonlyArray<TextField> => [
  { field: "title", label: "The title", text: title },
  { field: "lyrics", label: "The lyrics", text: lyrics },
  { field: "style", label: "The style", text: style, style: true },
]

describe("content checks", () => {
  it.effect("name the first field refused, and why, in a sentence for the person", () =>
    Effect.gen(function* () {
      const refused = yield* Effect.flip(
        check(WordListModerationLive, song("Rainy Days", "Why don't you just kys", "folk")),
      )
      expect(refused).toMatchObject({ _tag: "ContentRefused", field: "lyrics", reason: "flagged" })
      expect(refused.message).toBe(
        "The lyrics can't be published as written (harassment). Please change the wording.",
      )
      yield* check(WordListModerationLive, song("Rainy Days", "I could kill for a kiss", "folk"))
    }),
  )

  it.effect("refuse a style naming a protected artist before asking the classifier", () =>
    Effect.gen(function* () {
      const classifier = scripted({})
      const refused = yield* Effect.flip(
        check(classifier.layer, song("Mine", "My words", "in the style of taylor-swift")),
      )
      expect(refused).toMatchObject({ field: "style", reason: "protected-artist" })
      expect(refused.message).toMatch(
        /^The style names Taylor Swift\. .*describe the sound instead/,
      )
      expect(classifier.calls).toEqual([])
      // Only a style: lyrics may name anyone.
      yield* check(classifier.layer, song("Mine", "Dancing to Taylor Swift", "synth-pop"))
      expect(classifier.calls).toEqual([["Mine", "Dancing to Taylor Swift", "synth-pop"]])
    }),
  )

  it.effect("publish what songs tell of, refuse the rest, and send no empty field", () =>
    Effect.gen(function* () {
      const classifier = scripted({
        murder: { flagged: true, categories: ["violence"] },
        despair: { flagged: true, categories: ["self-harm/intent", "sexual"] },
        slur: { flagged: true, categories: ["violence", "hate"] },
        unknown: { flagged: true, categories: ["something/new"] },
      })
      yield* check(classifier.layer, song("Murder Ballad", "despair", ""))
      expect(classifier.calls).toEqual([["Murder Ballad", "despair"]])
      const hate = yield* Effect.flip(check(classifier.layer, song("A slur", "", "")))
      expect(hate).toMatchObject({ field: "title", reason: "flagged" })
      expect(hate.message).toMatch(/\(hate speech\)/)
      const unknown = yield* Effect.flip(check(classifier.layer, song("", "unknown", "")))
      expect(unknown.message).toMatch(/content Melody Studio doesn't publish/)
      yield* check(classifier.layer, song("", "  ", ""))
      expect(classifier.calls).toHaveLength(3)
    }),
  )
})

describe("the moderation endpoint with the word list behind it", () => {
  const reported: Array<ErrorReport> = []
  const reports = Layer.succeed(
    ErrorReports,
    ErrorReports.of({
      record: (report) => Effect.sync(() => reported.push(report)),
      recordFromCaller: (report) => Effect.sync(() => reported.push(report)),
    }),
  )
  const endpoint = openAiModeration(
    {
      apiKey: Option.some(Redacted.make(openAi.apiKey)),
      baseUrl: Option.some(openAi.url),
      maxRetries: 0,
    },
    Duration.seconds(5),
  )
  const live = moderationWithFallback(endpoint, WordListModerationLive).pipe(Layer.provide(reports))

  it.effect("asks the endpoint while it answers", () =>
    Effect.gen(function* () {
      openAi.flag("you worthless", "harassment")
      const refused = yield* Effect.flip(check(live, song("", "you worthless thing", "")))
      expect(refused).toMatchObject({ field: "lyrics", reason: "flagged" })
      yield* check(live, song("", "kys is fine by this endpoint", ""))
      expect(openAi.moderations).toHaveLength(2)
    }),
  )

  it.effect(
    "falls back to the word list while the endpoint fails, tells the admins once, and asks it again later",
    () =>
      Effect.gen(function* () {
        reported.length = 0
        openAi.failModerations({ kind: "status", status: 503, message: "Overloaded" })
        const moderation = yield* Effect.provide(Moderation, live)
        const run = (fields: ReadonlyArray<TextField>) =>
          check(Layer.succeed(Moderation, moderation), fields)

        // Neither unchecked nor blocked: the word list decides.
        const refused = yield* Effect.flip(run(song("", "kys", "")))
        expect(refused).toMatchObject({ field: "lyrics", reason: "flagged" })
        yield* run(song("Fine", "Sunny lyrics", "pop"))
        expect(openAi.moderations).toHaveLength(1)
        expect(reported).toHaveLength(1)
        expect(reported[0]).toMatchObject({ source: "provider" })
        expect(reported[0]?.message).toMatch(
          /Moderation endpoint unavailable.*offline word list.*503/,
        )
        expect(reported[0]?.message).not.toContain(openAi.apiKey)

        yield* TestClock.adjust("31 seconds")
        openAi.flag("sunny", "harassment")
        const back = yield* Effect.flip(run(song("", "Sunny lyrics", "")))
        expect(back.field).toBe("lyrics")
        expect(openAi.moderations).toHaveLength(2)
        expect(reported).toHaveLength(1)
      }),
  )
})
