import { createServer } from "node:net"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { describe, expect } from "@effect/vitest"
import { Duration, Effect, Either, Schedule } from "effect"
import { balanceOf, describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import { type ApiClient, clientOf } from "#app/testing-client.ts"
import { billingStreams } from "#events/contracts/billing.ts"
import { EventStore } from "#events/store/index.ts"
import { startFakeMusicApi } from "#stand-ins/fake-services/music-api.ts"
import type { TaskPlan } from "#stand-ins/fake-services/music-api-tasks.ts"
import { takeUpStalledJobs } from "#toolkit/stalled-jobs.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"
import { jobsOf, vanishWithDueJobs } from "#toolkit/test-jobs.ts"
import { GenerateSongPayload } from "../api.ts"
import { advanceGeneration } from "./generations.ts"

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

const audio = await Effect.runPromise(sineMp3(1, 523))
const fake = await startFakeMusicApi({ apiKey: "music-test-key", audio })
const port = await freePort()
const callbackSecret = "callback-secret-for-tests"
const stalledAfter = Duration.seconds(30)

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "50",
  GENERATIONS_PER_HOUR: "1000",
  GENERATIONS_PER_ADDRESS: "1000",
  GENERATION_POLL_SECONDS: "0.2",
  MUSIC_API_URL: fake.url,
  MUSIC_API_KEY: "music-test-key",
  MUSIC_CALLBACK_SECRET: callbackSecret,
}

const song = GenerateSongPayload.make({
  title: "Harbour Lights",
  lyrics: "[Verse 1]\nLights on the water",
  style: "folk, female vocals",
})

const statusOf = (api: ApiClient, taskId: string) => api.media.songStatus({ urlParams: { taskId } })

const isOver = (status: string) => status === "SUCCESS" || /FAILED|ERROR|TIMEOUT/.test(status)

/** Runs the worker's jobs until the generation is over, as the worker would. */
const finish = (api: ApiClient, taskId: string) =>
  Effect.gen(function* () {
    for (let round = 0; round < 400; round++) {
      yield* runJobs
      yield* settle
      const status = yield* statusOf(api, taskId)
      if (isOver(status.status)) return status
      yield* Effect.sleep("25 millis")
    }
    const sql = yield* SqlClient.SqlClient
    const jobs = yield* sql`select attempts, run_at, last_error from graphile_worker._private_jobs
                             where payload->>'generationId' = ${taskId}`
    const status = yield* statusOf(api, taskId)
    return yield* Effect.die(
      new Error(`generation ${taskId} never finished: ${JSON.stringify({ status, jobs })}`),
    )
  })

/** Starts a generation; the provider's task (when one is made) goes as planned, or as usual with `null`. */
const start = (api: ApiClient, plan: TaskPlan | null = {}) =>
  Effect.gen(function* () {
    if (plan) fake.planNext(plan)
    const started = yield* api.media.generateSong({ payload: song })
    return started.taskId
  })

/** The library once it holds `count` songs: the catalog saves versions in its own reaction, moments later. */
const librarySongs = (api: ApiClient, count: number) => {
  const mySongs = api.songs.mySongs()
  return mySongs.pipe(
    Effect.filterOrFail((songs) => songs.length >= count),
    Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo("5 seconds"))),
    Effect.orElse(() => mySongs),
  )
}

/** A signed-in person with their sign-up credits: their browser, and the API's client as them. */
const newPerson = Effect.flatMap(signUp("composer"), (signed) =>
  Effect.map(Effect.zipRight(settle, clientOf(signed.person)), (api) => ({ ...signed, api })),
)

const refundsOf = (userId: string, generationId: string) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const events = yield* store.readStream(billingStreams.creditAccount(userId))
    return events.filter(
      (e) =>
        e.type === "CreditsRefunded" &&
        (e.data as { generationId: string }).generationId === generationId,
    ).length
  })

describeApp({
  env,
  config: {
    port,
    appUrl: `http://127.0.0.1:${port}`,
    webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist"),
  },
})("song generation through a Suno-style provider", (it) => {
  describe("a request", () => {
    it.effect("debits 5 credits and gives a task that ends with two versions in the library", () =>
      Effect.gen(function* () {
        const { person, api } = yield* newPerson
        const taskId = yield* start(api)
        // Read at once, without waiting for anything: the answer came after the balance showed the debit.
        const balance = yield* api.creditLedger.credits()
        expect(balance.credits).toBe(45)
        const done = yield* finish(api, taskId)
        expect(done.status).toBe("SUCCESS")
        expect(done.error).toBeNull()
        expect(done.creditRefund).toBeNull()
        expect(done.songs).toHaveLength(2)
        for (const version of done.songs) {
          expect(version.audioUrl).toMatch(/^\/api\/media\/versions\/.+\/audio$/)
          expect(version.audio_url).toBe(version.audioUrl)
          expect(version.prompt).toBe(song.lyrics)
          expect(version.imageUrl).toMatch(/\/cover$/)
          const file = yield* person.get(version.audioUrl)
          expect(file.status).toBe(200)
          expect(file.headers.get("content-type")).toBe("audio/mpeg")
        }
        expect(done.songs.map((s) => s.duration)).toEqual([3.1, 4.1])
        const ranged = yield* person.send(done.songs[0]!.audioUrl, {
          headers: { range: "bytes=0-9" },
        })
        expect(ranged.status).toBe(206)
        expect(ranged.headers.get("content-range")).toBe(`bytes 0-9/${audio.byteLength}`)
        const library = yield* librarySongs(api, 2)
        expect(library.map((s) => s.title).sort()).toEqual([
          "Harbour Lights (Version 1)",
          "Harbour Lights (Version 2)",
        ])
        expect(library.every((s) => !s.isPublic && s.taskId === taskId)).toBe(true)
        expect(yield* balanceOf(person)).toBe(45)
        // The music API's timed words, kept as each version's lines.
        const lines = song.lyrics.split("\n").filter((line) => line !== "" && !line.startsWith("["))
        for (const saved of library) {
          expect(saved.lrcUrl).toBe(`/api/songs/${saved.id}/lrc`)
          const synced = yield* api.catalog.syncedLyrics({ path: { id: saved.id } })
          expect(synced.lines.map((line) => line.text)).toEqual(lines)
          expect(synced.lines[0]!.startMs).toBeGreaterThan(0)
        }
      }),
    )

    it.effect(
      "plays the first version while the second is made, and only then offers downloads",
      () =>
        Effect.gen(function* () {
          const { person, api } = yield* newPerson
          const taskId = yield* start(api, {
            timings: { TEXT_SUCCESS: 0, FIRST_SUCCESS: 0, SUCCESS: 60_000 },
            fileLifetimeMs: 1500,
            callbacks: "none",
          })
          let status = yield* statusOf(api, taskId)
          expect(status.status).toBe("PENDING")
          for (let round = 0; round < 100 && status.status !== "FIRST_SUCCESS"; round++) {
            yield* runJobs
            yield* Effect.sleep("60 millis")
            status = yield* statusOf(api, taskId)
          }
          expect(status.status).toBe("FIRST_SUCCESS")
          // The first version is ours; the second is still the music API's stream, passed on by us.
          expect(status.songs).toHaveLength(2)
          expect(status.songs.map((song) => song.audioUrl)).toEqual(["", ""])
          expect(status.songs[1]!.streamAudioUrl).toBe(`/api/media/previews/${taskId}/2`)
          const preview = yield* person.get(status.songs[0]!.streamAudioUrl)
          expect(preview.status).toBe(200)
          // The provider's links expire; ours keep playing.
          yield* Effect.sleep("1600 millis")
          expect((yield* person.get(status.songs[0]!.streamAudioUrl)).status).toBe(200)
        }),
    )

    it.effect(
      "lets each track be heard from TEXT_SUCCESS, streamed through us, by its owner only",
      () =>
        Effect.gen(function* () {
          const { person, api } = yield* newPerson
          const taskId = yield* start(api, {
            timings: { TEXT_SUCCESS: 0, FIRST_SUCCESS: 60_000, SUCCESS: 60_000 },
            callbacks: "none",
          })
          let status = yield* statusOf(api, taskId)
          for (let round = 0; round < 100 && status.status !== "TEXT_SUCCESS"; round++) {
            yield* runJobs
            yield* Effect.sleep("60 millis")
            status = yield* statusOf(api, taskId)
          }
          expect(status).toMatchObject({ status: "TEXT_SUCCESS", phase: "previewing" })
          expect(status.songs.map((song) => song.streamAudioUrl)).toEqual([
            `/api/media/previews/${taskId}/1`,
            `/api/media/previews/${taskId}/2`,
          ])
          expect(status.songs.map((song) => song.audioUrl)).toEqual(["", ""])
          const heard = yield* person.get(status.songs[0]!.streamAudioUrl)
          expect(heard.status).toBe(200)
          expect(heard.headers.get("content-type")).toBe("audio/mpeg")
          expect(heard.headers.get("cache-control")).toBe("no-store")
          expect(Buffer.from(heard.bytes).equals(Buffer.from(audio))).toBe(true)

          const { person: other } = yield* newPerson
          expect((yield* other.get(status.songs[0]!.streamAudioUrl)).status).toBe(404)
          expect((yield* request(status.songs[0]!.streamAudioUrl)).status).toBe(401)
          expect((yield* person.get(`/api/media/previews/${taskId}/3`)).status).toBe(400)
        }),
    )

    it.effect("names what is missing and changes nothing", () =>
      Effect.gen(function* () {
        const { person } = yield* newPerson
        const answer = yield* person.post("/api/generate-song", {
          title: "  ",
          lyrics: "",
          style: "pop",
        })
        expect(answer.status).toBe(400)
        expect(answer.body).toMatchObject({
          _tag: "MissingInformation",
          message: "Missing information: lyrics, title",
          missing: ["lyrics", "title"],
        })
        const tooLong = yield* person.post("/api/generate-song", {
          ...song,
          title: "x".repeat(201),
        })
        expect(tooLong.status).toBe(400)
        expect(tooLong.text).toContain("Title must be at most 200 characters")
        expect(yield* balanceOf(person)).toBe(50)
      }),
    )

    it.effect("for an instrumental needs no lyrics, and asks the music API for one", () =>
      Effect.gen(function* () {
        const { person, api } = yield* newPerson
        fake.planNext({})
        const { taskId } = yield* api.media.generateSong({
          payload: GenerateSongPayload.make({
            title: "Harbour Lights",
            style: "ambient piano",
            lyrics: "",
            instrumental: true,
          }),
        })
        expect((yield* finish(api, taskId)).status).toBe("SUCCESS")
        // The task is asked for by the generation's first step, after the answer.
        const asked = [...fake.tasks.values()].at(-1)!.body
        expect(asked).toMatchObject({ instrumental: true, prompt: "", title: "Harbour Lights" })
        expect(yield* balanceOf(person)).toBe(45)

        const notABoolean = yield* person.post("/api/generate-song", {
          ...song,
          instrumental: "yes",
        })
        expect(notABoolean.status).toBe(400)
        expect(notABoolean.text).toContain("instrumental must be true or false")
        const sungWithoutWords = yield* person.post("/api/generate-song", {
          ...song,
          lyrics: "",
          instrumental: false,
        })
        expect(sungWithoutWords.body).toMatchObject({ missing: ["lyrics"] })
        expect(yield* balanceOf(person)).toBe(45)
      }),
    )

    it.effect("with too few credits is refused with the spec's message", () =>
      Effect.gen(function* () {
        const { api } = yield* newPerson
        for (let i = 0; i < 10; i++) yield* start(api)
        // Refused before any task is asked for: nothing planned for one.
        const answer = yield* Effect.flip(start(api, null))
        expect(answer).toMatchObject({
          _tag: "InsufficientCredits",
          message: "You need 5 credits to generate a song. You currently have 0 credits.",
          balance: 0,
          needed: 5,
        })
      }),
    )

    it.effect("100 at once with 50 credits start exactly 10 generations and spend exactly 50", () =>
      Effect.gen(function* () {
        const { person, user, api } = yield* newPerson
        const answers = yield* Effect.all(
          Array.from({ length: 100 }, () =>
            Effect.either(api.media.generateSong({ payload: song })),
          ),
          { concurrency: "unbounded" },
        )
        const started = answers.filter(Either.isRight).map((answer) => answer.right)
        const refused = answers.filter(Either.isLeft).map((answer) => answer.left)
        expect(started).toHaveLength(10)
        expect(refused.filter((r) => r._tag === "InsufficientCredits")).toHaveLength(90)
        expect(new Set(started.map((a) => a.taskId)).size).toBe(10)
        expect(yield* balanceOf(person)).toBe(0)
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ n: number }>`
          select count(*)::int as n from events
           where type = 'SongGenerationRequested' and data->>'userId' = ${user.id}`
        expect(row?.n).toBe(10)
      }),
    )

    it.effect("is for signed-in people, and only its owner may follow it or play it", () =>
      Effect.gen(function* () {
        const owner = yield* newPerson
        const other = yield* newPerson
        expect((yield* request("/api/generate-song", { method: "POST" })).status).toBe(401)
        const taskId = yield* start(owner.api)
        const done = yield* finish(owner.api, taskId)
        expect((yield* request(`/api/check-song-status?taskId=${taskId}`)).status).toBe(401)
        expect((yield* other.person.get(`/api/check-song-status?taskId=${taskId}`)).status).toBe(
          404,
        )
        expect((yield* other.person.get(done.songs[0]!.audioUrl)).status).toBe(404)
        expect((yield* request(done.songs[0]!.audioUrl)).status).toBe(401)
        expect((yield* owner.person.get("/api/check-song-status?taskId=nope")).status).toBe(404)
      }),
    )
  })

  describe("a failure", () => {
    for (const stage of ["TEXT_SUCCESS", "FIRST_SUCCESS", "SUCCESS"] as const) {
      it.effect(
        `before ${stage}, with every callback twice, refunds the 5 credits exactly once`,
        () =>
          Effect.gen(function* () {
            const { person, user, api } = yield* newPerson
            const taskId = yield* start(api, {
              failAt: { stage, status: "GENERATE_AUDIO_FAILED", errorCode: 501 },
              callbacks: "twice",
            })
            const done = yield* finish(api, taskId)
            expect(done.status).toBe("GENERATE_AUDIO_FAILED")
            // Ours, whatever the service said ("Generation failed, please retry.").
            expect(done.error).toBe("The song could not be made.")
            expect(done.creditRefund).toEqual({ refunded: true, amount: 5 })
            // Late callbacks and polls after the end change nothing.
            const task = [...fake.tasks.values()].at(-1)!
            yield* Effect.promise(() => fake.deliverCallback(task.taskId, "GENERATE_AUDIO_FAILED"))
            yield* Effect.promise(() => fake.deliverCallback(task.taskId, "SUCCESS"))
            yield* runJobs
            expect(yield* balanceOf(person)).toBe(50)
            expect(yield* refundsOf(user.id, taskId)).toBe(1)
            expect((yield* statusOf(api, taskId)).status).toBe("GENERATE_AUDIO_FAILED")
          }),
      )
    }

    it.effect("for sensitive words says what to change", () =>
      Effect.gen(function* () {
        const { api } = yield* newPerson
        const taskId = yield* start(api, {
          failAt: { stage: "TEXT_SUCCESS", status: "SENSITIVE_WORD_ERROR", errorCode: 400 },
          callbacks: "reversed",
        })
        const done = yield* finish(api, taskId)
        expect(done.status).toBe("SENSITIVE_WORD_ERROR")
        expect(done.error).toContain("Please change them and try again.")
        expect(done.creditRefund).toEqual({ refunded: true, amount: 5 })
      }),
    )

    it.effect("of the request itself refunds at once; a passing refusal is tried again", () =>
      Effect.gen(function* () {
        const { person, api } = yield* newPerson
        fake.refuseNext({ code: 400, msg: "Invalid parameters" })
        const refused = yield* start(api, null)
        const done = yield* finish(api, refused)
        expect(done.status).toBe("CREATE_TASK_FAILED")
        expect(done.error).toBe("The song could not be made.")
        expect(done.creditRefund).toEqual({ refunded: true, amount: 5 })

        fake.refuseNext({
          code: 430,
          msg: "Your call frequency is too high. Please try again later.",
        })
        const retried = yield* start(api, null)
        expect((yield* finish(api, retried)).status).toBe("SUCCESS")
        expect(yield* balanceOf(person)).toBe(45)
      }),
    )
  })

  describe("callbacks", () => {
    it.effect(
      "with the wrong secret are not found; with the right one they only prompt a look",
      () =>
        Effect.gen(function* () {
          const { api } = yield* newPerson
          const taskId = yield* start(api, { callbacks: "none" })
          const wrong = yield* request(`/api/media/callbacks/wrong-secret/${taskId}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ code: 200, data: { callbackType: "complete" } }),
          })
          expect(wrong.status).toBe(404)
          const right = yield* request(`/api/media/callbacks/${callbackSecret}/${taskId}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ code: 200, data: { callbackType: "complete", data: [] } }),
          })
          expect(right.status).toBe(200)
          expect(right.body).toEqual({ code: 200, msg: "success" })
          // A callback claiming success does not make it so: the task is still being made.
          expect((yield* statusOf(api, taskId)).status).not.toBe("SUCCESS")
          expect((yield* finish(api, taskId)).status).toBe("SUCCESS")
        }),
    )
  })

  describe("a worker that vanishes mid-generation", () => {
    it.effect(
      "leaves a generation that another worker takes up and finishes, saving each version once",
      () =>
        Effect.gen(function* () {
          const { api } = yield* newPerson
          const taskId = yield* start(api, {
            timings: { TEXT_SUCCESS: 0, FIRST_SUCCESS: 0, SUCCESS: 400 },
            callbacks: "none",
          })
          let status = yield* statusOf(api, taskId)
          while (status.status !== "FIRST_SUCCESS") {
            yield* runJobs
            yield* Effect.sleep("30 millis")
            status = yield* statusOf(api, taskId)
          }
          // The worker dies holding the next step: it stays locked by it, and is no longer seen.
          yield* Effect.sleep("300 millis")
          expect(
            yield* vanishWithDueJobs({
              watched: true,
              task: advanceGeneration.name,
              // Only this generation's: one an earlier test left may be due at the same moment.
              payload: { generationId: taskId },
            }),
          ).toHaveLength(1)
          yield* runJobs
          expect((yield* statusOf(api, taskId)).status).toBe("FIRST_SUCCESS")
          expect((yield* takeUpStalledJobs(stalledAfter)).resumed).toHaveLength(1)
          expect((yield* takeUpStalledJobs(stalledAfter)).resumed).toEqual([])
          expect((yield* finish(api, taskId)).status).toBe("SUCCESS")
          expect(yield* librarySongs(api, 2)).toHaveLength(2)
          yield* Effect.sleep("300 millis")
          expect(yield* librarySongs(api, 2)).toHaveLength(2)
        }),
    )

    it.effect(
      "on every attempt of a step fails the generation once it is given up, refunded once",
      () =>
        Effect.gen(function* () {
          const { user, api } = yield* newPerson
          const taskId = yield* start(api, { stuck: true, callbacks: "none" })
          for (let attempt = 1; attempt <= advanceGeneration.maxAttempts; attempt++) {
            yield* Effect.sleep("300 millis")
            expect(
              yield* vanishWithDueJobs({
                watched: true,
                task: advanceGeneration.name,
                // Only this generation's: one an earlier test left may be due at the same moment.
                payload: { generationId: taskId },
              }),
            ).toHaveLength(1)
            const taken = yield* takeUpStalledJobs(stalledAfter)
            expect([...taken.resumed, ...taken.givenUp]).toHaveLength(1)
          }
          const done = yield* finish(api, taskId)
          expect(done.status).toBe("GENERATE_AUDIO_FAILED")
          expect(done.error).toBe(
            "The server stopped while making this song, several times. Please try again.",
          )
          expect(done.creditRefund).toEqual({ refunded: true, amount: 5 })
          yield* runJobs
          yield* settle
          expect(yield* refundsOf(user.id, taskId)).toBe(1)
          expect(yield* jobsOf(advanceGeneration.name, { generationId: taskId })).toEqual([])
        }),
    )
  })
})

describeApp({
  env: { ...env, GENERATION_TIMEOUT_SECONDS: "1" },
  config: { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") },
})("a generation the provider never finishes", (it) => {
  it.effect("fails when its time is up, refunds once, and is no longer looked at", () =>
    Effect.gen(function* () {
      const { user, api } = yield* newPerson
      const taskId = yield* start(api, { stuck: true, callbacks: "none" })
      const done = yield* finish(api, taskId)
      expect(done.status).toBe("TIMEOUT")
      expect(done.error).toBe("The song took too long to generate.")
      expect(done.creditRefund).toEqual({ refunded: true, amount: 5 })
      const looks = fake.recordInfoCalls()
      yield* Effect.sleep("500 millis")
      yield* runJobs
      expect(fake.recordInfoCalls()).toBe(looks)
      expect(yield* refundsOf(user.id, taskId)).toBe(1)
      expect(yield* jobsOf(advanceGeneration.name)).toEqual([])
    }),
  )
})
