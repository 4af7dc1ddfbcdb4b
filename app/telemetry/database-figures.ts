import { Effect } from "effect"
import { readEventCounts } from "#projections/event-counts.ts"
import { readOperatingTotals } from "#projections/operating-totals.ts"
import { projectionStatus } from "#projections/runner.ts"
import { jobQueueDepth } from "#toolkit/jobs.ts"
import { projections } from "../projections.ts"
import { labelledGauge } from "./labelled-gauge.ts"

const byKind = ["kind"]
const byProjection = ["projection"]
const jobsWaiting = labelledGauge(
  "melody_jobs_waiting",
  "Due jobs no worker has claimed, by kind",
  byKind,
)
const jobsRunning = labelledGauge("melody_jobs_running", "Jobs a worker holds, by kind", byKind)
const oldestWaiting = labelledGauge(
  "melody_jobs_oldest_waiting_seconds",
  "How long the oldest due job has waited, by kind",
  byKind,
)
const behind = labelledGauge(
  "melody_projection_behind_events",
  "Events a projection has not applied yet",
  byProjection,
)
const lag = labelledGauge(
  "melody_projection_lag_seconds",
  "How far behind the newest event a projection is",
  byProjection,
)
const deadLetters = labelledGauge(
  "melody_projection_dead_letters",
  "Events a projection could not apply",
  byProjection,
)
const paused = labelledGauge(
  "melody_projection_paused",
  "1 while a projection is paused",
  byProjection,
)
const eventsStored = labelledGauge("melody_events_stored", "Events stored, by type", ["type"])
const generations = labelledGauge(
  "melody_generations",
  "Generations and operations requested, succeeded and failed, by maker",
  ["maker", "outcome"],
)
const credits = labelledGauge(
  "melody_credits_moved",
  "Credits debited for generations and refunded when they failed",
  ["movement"],
)

/**
 * What the database knows, read into gauges: the job queue, each projection's lag, the events of each
 * type, generations by maker and outcome, and credits debited and refunded. Alike on every replica:
 * aggregate with max, not sum.
 */
export const recordDatabaseFigures = Effect.gen(function* () {
  const jobs = yield* jobQueueDepth
  const statuses = yield* projectionStatus(projections)
  const events = yield* readEventCounts
  const totals = yield* readOperatingTotals
  yield* jobsWaiting(jobs.map((j) => [[j.kind], j.waiting]))
  yield* jobsRunning(jobs.map((j) => [[j.kind], j.running]))
  yield* oldestWaiting(jobs.map((j) => [[j.kind], j.oldest]))
  yield* behind(statuses.map((s) => [[s.projection], s.behind]))
  yield* lag(statuses.map((s) => [[s.projection], s.lagMs / 1000]))
  yield* deadLetters(statuses.map((s) => [[s.projection], s.deadLetters]))
  yield* paused(statuses.map((s) => [[s.projection], s.status === "paused" ? 1 : 0]))
  yield* eventsStored(events.map((e) => [[e.type], e.events]))
  yield* generations(totals.generations.map((g) => [[g.maker, g.outcome], g.generations]))
  yield* credits(totals.credits.map((c) => [[c.movement], c.credits]))
})
