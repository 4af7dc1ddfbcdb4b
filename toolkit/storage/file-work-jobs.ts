import { SqlClient } from "@effect/sql"
import { Duration, Effect, Layer, Schema } from "effect"
import { type JobKind, JobQueue } from "../jobs.ts"
import type { FileStorage } from "./storage.ts"
import { ConversionFailed, makeWavConverter, WavConverter } from "./wav-converter.ts"
import { makeWaveforms, Waveforms } from "./waveforms.ts"

/**
 * A web process (`ROLE=web`) starts no ffmpeg: it asks a worker, through a job, for a WAV or a waveform
 * it does not keep yet, and waits until the worker has stored it.
 */

const StoredAudio = Schema.Struct({ key: Schema.String })

// Tried twice: a file that cannot be converted once seldom can be the second time, and someone waits.

export const wavConversion: JobKind<typeof StoredAudio.Type, FileStorage> = {
  name: "storage:convert-wav",
  payload: StoredAudio,
  maxAttempts: 2,
  run: ({ key }) => Effect.flatMap(makeWavConverter, (converter) => converter.toWav(key)),
}

export const waveformDrawing: JobKind<typeof StoredAudio.Type, FileStorage> = {
  name: "storage:draw-waveform",
  payload: StoredAudio,
  maxAttempts: 2,
  run: ({ key }) => Effect.flatMap(makeWaveforms, (waveforms) => waveforms.of(key)),
}

export const fileWorkJobs = [wavConversion, waveformDrawing]

/** Someone is waiting: taken before renders that are due. */
const waitingPriority = -10
/** ffmpeg's own limit on a conversion, and time for a busy worker to take it up. */
const waitAtMost = Duration.minutes(3)
/** Why the job made under `jobKey` failed, once it will not be tried again. */
const failureOf = (jobKey: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ lastError: string | null }>`
      select last_error as "lastError" from graphile_worker.jobs
       where key = ${jobKey} and attempts >= max_attempts and locked_at is null`,
  ).pipe(
    Effect.map(([failed]) => failed && (failed.lastError ?? "failed")),
    Effect.orDie,
  )

/**
 * What `kept` finds once a worker stored it, looked for often at first and then once a second; a failure
 * once the worker gave up, or when none made it in time.
 */
const awaitKept = <A>(kept: Effect.Effect<A | undefined>, jobKey: string) =>
  Effect.gen(function* () {
    for (let pause = 100; ; pause = Math.min(pause * 1.5, 1000)) {
      const found = yield* kept
      if (found !== undefined) return found
      const failure = yield* failureOf(jobKey)
      if (failure) return yield* new ConversionFailed({ reason: `${jobKey}: ${failure}` })
      yield* Effect.sleep(pause)
    }
  }).pipe(
    Effect.timeoutFail({
      duration: waitAtMost,
      onTimeout: () => new ConversionFailed({ reason: `${jobKey}: no worker made it in time` }),
    }),
  )

const delegate = <A, P>(
  kept: Effect.Effect<A | undefined>,
  kind: JobKind<P, FileStorage>,
  payload: P,
  jobKey: string,
) =>
  Effect.flatMap(kept, (found) =>
    found !== undefined
      ? Effect.succeed(found)
      : Effect.flatMap(JobQueue, (queue) =>
          Effect.zipRight(
            queue.enqueue(kind, payload, { key: jobKey, priority: waitingPriority }),
            awaitKept(kept, jobKey),
          ),
        ),
  )

/** WAVs and waveforms a worker makes: this process reads what they keep and converts nothing. */
export const DelegatedFileWorkLive = Layer.mergeAll(
  Layer.effect(
    WavConverter,
    Effect.gen(function* () {
      const local = yield* makeWavConverter
      const context = yield* Effect.context<JobQueue | SqlClient.SqlClient>()
      return WavConverter.of({
        ...local,
        toWav: (key) =>
          delegate(local.kept(key), wavConversion, { key }, `wav:${key}`).pipe(
            Effect.provide(context),
          ),
      })
    }),
  ),
  Layer.effect(
    Waveforms,
    Effect.gen(function* () {
      const local = yield* makeWaveforms
      const context = yield* Effect.context<JobQueue | SqlClient.SqlClient>()
      return Waveforms.of({
        ...local,
        of: (key) =>
          delegate(local.kept(key), waveformDrawing, { key }, `waveform:${key}`).pipe(
            Effect.provide(context),
          ),
      })
    }),
  ),
)
