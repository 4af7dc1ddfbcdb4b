import { expect } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { FileStorage, WavConverter } from "#toolkit/storage/index.ts"
import { jobsOf } from "#toolkit/test-jobs.ts"
import { describeApp, runJobs, signUp } from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const env = { ROLE: "web", REGISTRATIONS_PER_ADDRESS: "1000" }

const conversions = Effect.flatMap(WavConverter, (converter) => converter.conversions)

/** Runs the due jobs, as a worker beside this web process would, until `asked` has its answer. */
const workUntil = <A, E>(asked: Fiber.Fiber<A, E>) =>
  Effect.gen(function* () {
    for (let i = 0; i < 300; i++) {
      yield* runJobs
      const answered = yield* Fiber.poll(asked)
      if (answered._tag === "Some") return yield* Fiber.join(asked)
      yield* Effect.sleep("100 millis")
    }
    return yield* Effect.die("no answer after 300 rounds of jobs")
  })

describeApp({ env })("a web process (ROLE=web)", (it) => {
  it.effect("asks a worker for a song's WAV and waveform, waits, and converts nothing itself", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("web-role")
      const { generationId } = yield* seedGeneration(user.id, "Worked Elsewhere", 1)
      const songs = yield* callAs(person, (api) => api.songs.mySongs())
      const id = songs.find((song) => song.taskId === generationId)!.id
      const before = yield* conversions

      const asked = yield* Effect.fork(
        Effect.all([person.get(`/api/songs/${id}/wav`), person.get(`/api/songs/${id}/waveform`)], {
          concurrency: 2,
        }),
      )
      // Nothing is made until a worker takes the jobs up.
      yield* Effect.sleep("500 millis")
      expect((yield* Fiber.poll(asked))._tag).toBe("None")
      expect((yield* jobsOf("storage:convert-wav")).length).toBe(1)
      expect((yield* jobsOf("storage:draw-waveform")).length).toBe(1)

      const [wav, waveform] = yield* workUntil(asked)
      expect(wav.status).toBe(200)
      expect(Buffer.from(wav.bytes.subarray(0, 4)).toString()).toBe("RIFF")
      expect(waveform.status).toBe(200)
      expect((waveform.body as { peaks: Array<number> }).peaks.length).toBeGreaterThan(10)
      expect((yield* conversions) - before).toBe(0)

      // Kept: asked again, they are read at once and no job is made.
      expect((yield* person.get(`/api/songs/${id}/wav`)).status).toBe(200)
      expect((yield* person.get(`/api/songs/${id}/waveform`)).status).toBe(200)
      expect((yield* jobsOf("storage:convert-wav")).length).toBe(0)
      expect((yield* jobsOf("storage:draw-waveform")).length).toBe(0)
    }),
  )

  it.effect("says so when the worker cannot make a WAV, once it has given up", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("web-role-lost")
      const { generationId, versions } = yield* seedGeneration(user.id, "Lost Audio", 1)
      const songs = yield* callAs(person, (api) => api.songs.mySongs())
      const song = songs.find((s) => s.taskId === generationId)!
      // The song's audio is gone from storage: no worker can convert it.
      const storage = yield* FileStorage
      yield* Effect.orDie(storage.remove(versions[0]!.audioKey))
      const asked = yield* Effect.fork(person.get(`/api/songs/${song.id}/wav`))
      const answer = yield* workUntil(asked)
      expect(answer.status).toBe(503)
      expect(answer.body).toMatchObject({
        message: "Failed to convert to WAV. Please try again in a moment.",
      })
    }),
  )
})
