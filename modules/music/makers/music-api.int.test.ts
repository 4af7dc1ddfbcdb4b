import { afterAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, Layer } from "effect"
import { startFakeMusicApi } from "#stand-ins/fake-services/music-api.ts"
import { MusicConfigLive } from "../config.ts"
import { MusicApi } from "./music-api.ts"
import type { MusicApiRefused, MusicApiTask } from "./music-api-answers.ts"

const audio = new Uint8Array([0xff, 0xfb, 0x90, 0x00])
const fake = await startFakeMusicApi({ apiKey: "right-key", audio })
afterAll(() => fake.close())

const apiWith = (settings: Record<string, string>) =>
  MusicApi.live.pipe(
    Layer.provide(MusicConfigLive),
    Layer.provide(
      Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(settings)))),
    ),
  )
const live = apiWith({ MUSIC_API_URL: fake.url, MUSIC_API_KEY: "right-key" })

const order = {
  title: "Paper Boats",
  style: "folk, female vocals",
  lyrics: "[Verse 1]\nPaper boats on a rainy street",
  instrumental: false,
  callbackUrl: "http://127.0.0.1:9/api/media/callbacks/secret/g1",
}

const refusalOf = <A>(effect: Effect.Effect<A, MusicApiRefused, MusicApi>) =>
  Effect.map(Effect.either(effect), (result) => {
    if (Either.isRight(result)) throw new Error("expected a refusal")
    return {
      code: result.left.code,
      retryable: result.left.retryable,
      message: result.left.message,
    }
  })

const generate = Effect.flatMap(MusicApi, (api) => api.generate(order))

describe("the live music API adapter, against a server that speaks its protocol", () => {
  it.effect("starts a task of our title, lyrics and style in custom mode, with our callback", () =>
    Effect.gen(function* () {
      const taskId = yield* generate
      expect(taskId).toMatch(/^[0-9a-f]{32}$/)
      expect(fake.tasks.get(taskId)?.body).toEqual({
        customMode: true,
        instrumental: false,
        model: "V4_5ALL",
        title: order.title,
        style: order.style,
        prompt: order.lyrics,
        callBackUrl: order.callbackUrl,
      })
    }).pipe(Effect.provide(live)),
  )

  it.live("follows a task through every status, reading camelCase tracks as they fill in", () =>
    Effect.gen(function* () {
      const api = yield* MusicApi
      // Each look finds the next status, so a loaded machine sees each however late it looks.
      fake.planNext({ stagePerLook: true, callbacks: "none" })
      const taskId = yield* api.generate(order)
      const seen = new Map<string, MusicApiTask>()
      let task = yield* api.task(taskId)
      seen.set(task.status, task)
      while (task.status !== "SUCCESS") {
        yield* Effect.sleep("20 millis")
        task = yield* api.task(taskId)
        if (!seen.has(task.status)) seen.set(task.status, task)
      }
      expect([...seen.keys()]).toEqual(["PENDING", "TEXT_SUCCESS", "FIRST_SUCCESS", "SUCCESS"])
      expect(seen.get("PENDING")).toEqual({ status: "PENDING", tracks: [], errorMessage: null })
      expect(seen.get("TEXT_SUCCESS")?.tracks.map((t) => t.audioUrl)).toEqual(["", ""])
      const first = seen.get("FIRST_SUCCESS")
      expect(first?.tracks[0]?.audioUrl).toMatch(/\/files\/.+\.mp3$/)
      expect(first?.tracks[1]?.audioUrl).toBe("")
      expect(first?.tracks[1]?.streamAudioUrl).not.toBe("")
      expect(task.tracks.map((t) => t.durationSeconds)).toEqual([3.1, 4.1])
      expect(task.tracks.every((t) => t.audioUrl && t.imageUrl && t.sourceImageUrl)).toBe(true)
    }).pipe(Effect.provide(live)),
  )

  it.effect("reads failure statuses with their message", () =>
    Effect.gen(function* () {
      const api = yield* MusicApi
      for (const status of [
        "GENERATE_AUDIO_FAILED",
        "CREATE_TASK_FAILED",
        "SENSITIVE_WORD_ERROR",
        "CALLBACK_EXCEPTION",
      ]) {
        fake.planNext({
          failAt: { stage: "TEXT_SUCCESS", status },
          timings: { TEXT_SUCCESS: 0, FIRST_SUCCESS: 0, SUCCESS: 0 },
          callbacks: "none",
        })
        const task = yield* api.task(yield* api.generate(order))
        expect(task).toEqual({
          status,
          tracks: [],
          errorMessage: "Generation failed, please retry.",
        })
      }
      expect(yield* refusalOf(api.task("no-such-task"))).toMatchObject({
        code: 400,
        retryable: false,
      })
    }).pipe(Effect.provide(live)),
  )

  it.effect(
    "reads refusals from the body's code even with HTTP 200, and knows which may pass",
    () =>
      Effect.gen(function* () {
        const cases = [
          { code: 400, msg: "Invalid parameters", retryable: false },
          { code: 413, msg: "Theme or prompt too long", retryable: false },
          { code: 429, msg: "Insufficient credits", retryable: false },
          { code: 402, msg: "Insufficient credits", retryable: false },
          { code: 429, msg: "Rate limited", retryable: true },
          {
            code: 430,
            msg: "Your call frequency is too high. Please try again later.",
            retryable: true,
          },
          { code: 405, msg: "Rate limit exceeded", retryable: true },
          { code: 455, msg: "System maintenance", retryable: true },
          { code: 500, msg: "Server error", retryable: true },
        ]
        for (const refusal of cases) {
          fake.refuseNext(refusal)
          expect(yield* refusalOf(generate)).toEqual({
            code: refusal.code,
            retryable: refusal.retryable,
            message: refusal.msg,
          })
        }
        fake.refuseNext({ code: 0, msg: "upstream down", http: 503 })
        expect(yield* refusalOf(generate)).toMatchObject({ code: 503, retryable: true })
      }).pipe(Effect.provide(live)),
  )

  it.effect("is refused with a wrong key, and says so when the service cannot be reached", () =>
    Effect.gen(function* () {
      expect(
        yield* refusalOf(generate).pipe(
          Effect.provide(apiWith({ MUSIC_API_URL: fake.url, MUSIC_API_KEY: "wrong-key" })),
        ),
      ).toEqual({ code: 401, retryable: false, message: "Unauthorized access" })
      const unreachable = yield* refusalOf(generate).pipe(
        Effect.provide(apiWith({ MUSIC_API_URL: "http://127.0.0.1:9", MUSIC_API_KEY: "k" })),
      )
      expect(unreachable).toMatchObject({ code: 0, retryable: true })
      expect(unreachable.message).toContain("could not be reached")
    }),
  )
})
