import { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber, Layer, Schema } from "effect"
import { describeWith, TestDatabase } from "#events/testing.ts"
import { runDueJobs } from "./job-worker.ts"
import { type JobKind, JobQueue, type PermanentFailure } from "./jobs.ts"
import { runningJobsMigrations, takeUpStalledJobs } from "./stalled-jobs.ts"
import { vanishWithDueJobs } from "./test-jobs.ts"

/**
 * Jobs whose worker vanished, as `kill -9` leaves them: locked by a worker that will never finish them, its
 * beats stopped. graphile-worker runs the jobs; what vanished is written as a dead worker leaves it.
 */

const runs: Array<string> = []
const givenUp: Array<string> = []
const reports: Array<PermanentFailure> = []
let gate: Deferred.Deferred<void> | undefined

const Named = Schema.Struct({ name: Schema.String })

/** Records each run; its give-up records what it gave up. */
const errand: JobKind<typeof Named.Type> = {
  name: "test:errand",
  payload: Named,
  maxAttempts: 3,
  run: ({ name }, job) => Effect.sync(() => runs.push(`${name} #${job.attempt}`)),
  giveUp: ({ name }) => Effect.sync(() => givenUp.push(name)),
}

/** Runs until the test opens its gate. */
const long: JobKind<typeof Named.Type> = {
  name: "test:long",
  payload: Named,
  maxAttempts: 1,
  run: ({ name }) =>
    Effect.zipRight(
      Effect.suspend(() => (gate ? Deferred.await(gate) : Effect.void)),
      Effect.sync(() => runs.push(name)),
    ),
}

const kinds = [errand, long] as const
const stalledAfter = Duration.seconds(1)
const sweep = takeUpStalledJobs(stalledAfter)
const runJobs = runDueJobs(kinds, {
  stalledAfter,
  onPermanentFailure: (failure) => Effect.sync(() => reports.push(failure)),
})

const vanish = (watched: boolean) => vanishWithDueJobs({ watched, task: errand.name })

const jobRows = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => sql<{ task: string; attempts: number; locked: boolean; key: string | null }>`
    select task_identifier as task, attempts, locked_at is not null as locked, key
      from graphile_worker.jobs order by id`,
)

const enqueue = (kind: JobKind<typeof Named.Type>, name: string, options = {}) =>
  Effect.flatMap(JobQueue, (jobs) => jobs.enqueue(kind, { name }, options))

const reset = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`delete from graphile_worker._private_jobs`
  yield* sql`delete from running_jobs`
  runs.length = 0
  givenUp.length = 0
  reports.length = 0
})

const database = TestDatabase({ migrations: [["running_jobs", runningJobsMigrations]] })

describeWith(Layer.provideMerge(JobQueue.live, database))("jobs whose worker vanished", (it) => {
  it.effect("run again at once, claimed by one of two replicas sweeping together", () =>
    Effect.gen(function* () {
      yield* reset
      yield* enqueue(errand, "lost")
      yield* enqueue(errand, "found")
      expect(yield* vanish(false)).toHaveLength(2)
      yield* runJobs
      expect(runs).toEqual([])

      const [first, second] = yield* Effect.all([sweep, sweep], { concurrency: 2 })
      expect([...first!.resumed, ...second!.resumed]).toHaveLength(2)
      expect(new Set([...first!.resumed, ...second!.resumed]).size).toBe(2)
      expect((yield* sweep).resumed).toEqual([])
      yield* runJobs
      expect(runs.sort()).toEqual(["found #2", "lost #2"])
      expect(yield* jobRows).toEqual([])
      expect(givenUp).toEqual([])
    }),
  )

  it.effect("are left alone while their worker beats, and when they wait for a later time", () =>
    Effect.gen(function* () {
      yield* reset
      gate = yield* Deferred.make<void>()
      yield* enqueue(errand, "tomorrow", { runAt: new Date(Date.now() + 86_400_000) })
      yield* enqueue(long, "busy")
      const sql = yield* SqlClient.SqlClient
      const running = yield* Effect.fork(runDueJobs(kinds, { stalledAfter: Duration.millis(300) }))
      while ((yield* sql`select 1 from running_jobs`).length === 0) yield* Effect.sleep("20 millis")
      // Three times the stalled window: a worker that beats is seen all along.
      yield* Effect.sleep("900 millis")
      expect(yield* takeUpStalledJobs(Duration.millis(300))).toEqual({
        resumed: [],
        handedOn: [],
        givenUp: [],
      })
      yield* Deferred.succeed(gate, undefined)
      gate = undefined
      yield* Fiber.join(running)
      expect(runs).toEqual(["busy"])
      expect(yield* sql`select 1 from running_jobs`).toEqual([])
      expect(yield* jobRows).toEqual([
        { task: "test:errand", attempts: 0, locked: false, key: null },
      ])
    }),
  )

  it.effect("are given up once after their last attempt vanished: the kind ends its work", () =>
    Effect.gen(function* () {
      yield* reset
      yield* enqueue(errand, "cursed", { key: "cursed" })
      // Its worker vanishes on every attempt: bounded by its attempts, then given up.
      for (let attempt = 1; attempt <= errand.maxAttempts; attempt++) {
        expect(yield* vanish(true)).toHaveLength(1)
        const [one, two] = yield* Effect.all([sweep, sweep], { concurrency: 2 })
        const taken = [one!, two!]
        expect(
          taken.flatMap((t) => (attempt < errand.maxAttempts ? t.resumed : t.givenUp)),
        ).toHaveLength(1)
      }
      expect(yield* vanish(true)).toEqual([])
      expect(yield* sweep).toEqual({ resumed: [], handedOn: [], givenUp: [] })
      yield* runJobs
      yield* runJobs
      expect(runs).toEqual([])
      expect(givenUp).toEqual(["cursed"])
      expect(reports).toMatchObject([
        { task: "test:errand", attempts: 3, error: expect.any(Error) },
      ])
      // It stays as a job that failed for good; asked for again, it runs again.
      expect(yield* jobRows).toEqual([
        { task: "test:errand", attempts: 3, locked: false, key: "cursed" },
      ])
      yield* enqueue(errand, "cursed", { key: "cursed" })
      yield* runJobs
      expect(runs).toEqual(["cursed #1"])
    }),
  )

  it.effect("that had handed their work on to a newer job with their key are done", () =>
    Effect.gen(function* () {
      yield* reset
      yield* enqueue(errand, "step one", { key: "steps" })
      yield* vanish(true)
      // What the step did before its worker vanished: it scheduled the next one, as a generation's step does.
      yield* enqueue(errand, "step two", { key: "steps" })
      const taken = yield* sweep
      expect(taken.handedOn).toHaveLength(1)
      expect(taken.givenUp).toEqual([])
      yield* runJobs
      expect(runs).toEqual(["step two #1"])
      expect(givenUp).toEqual([])
      expect(yield* jobRows).toEqual([])
    }),
  )
})
