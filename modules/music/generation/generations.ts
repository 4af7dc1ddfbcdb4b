import type { SqlClient } from "@effect/sql"
import { Clock, Context, Duration, Effect, Layer, Schema } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import type { MusicMakerName } from "#events/contracts/media.ts"
import { loadAggregate } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import type { EventStore } from "#events/store/index.ts"
import { makeWithheld } from "#events/withheld.ts"
import { fromNow } from "#toolkit/clock.ts"
import { ContentChecks } from "#toolkit/content-checks/index.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { type JobKind, JobQueue } from "#toolkit/jobs.ts"
import { MusicConfig } from "../config.ts"
import { makeEngineMaker } from "../makers/engine-maker.ts"
import { makeMusicApiMaker } from "../makers/music-api-maker.ts"
import type { MusicMaker, NextStep, RunningGeneration, StepFailed } from "../makers/music-maker.ts"
import type { GenerationCommand } from "./generation-decider.ts"
import { streamOf } from "./generation-decider.ts"
import { makeGenerationReads } from "./generation-reads.ts"
import { makeGenerationRequest } from "./generation-request.ts"
import type { GenerationsShape } from "./generations-shape.ts"
import { activeMaker, makePaidStart } from "./paid-start.ts"

const jobActor = Actors.system("media")

export const AdvanceGenerationPayload = Schema.Struct({ generationId: Schema.String })

const make = Effect.gen(function* () {
  const jobs = yield* JobQueue
  const reports = yield* ErrorReports
  const config = yield* MusicConfig
  const makers: Record<MusicMakerName, MusicMaker> = {
    engine: yield* makeEngineMaker,
    "music-api": yield* makeMusicApiMaker,
  }
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()
  const { suspended } = yield* makeWithheld
  const load = (generationId: string) =>
    loadAggregate(streamOf(generationId)).pipe(
      Effect.map((loaded) => loaded.state),
      Effect.orDie,
      Effect.provide(context),
    )

  const record = (generationId: string) => (command: GenerationCommand) =>
    runCommand({ ...streamOf(generationId), command, actor: jobActor }).pipe(
      // Steps after the end are dropped by the decider; a refusal here is a maker's bug, not an outcome.
      Effect.orDie,
      Effect.asVoid,
      Effect.provide(context),
    )

  const schedule = (generationId: string, next: Exclude<NextStep, "done">) =>
    Effect.flatMap(fromNow(next === "later" ? config.pollInterval : 0), (runAt) =>
      jobs.enqueue(
        advanceGeneration,
        { generationId },
        { key: `generation-${generationId}`, ...(next === "later" ? { runAt } : {}) },
      ),
    )

  /** What the maker said of a failure, for admins: the person reads only the failure's sentence. */
  const reportDetail = (state: RunningGeneration, failed: StepFailed) => {
    const { generationId, userId, maker } = state.request
    return failed.detail === undefined
      ? Effect.void
      : reports.record({
          source: maker === "engine" ? "job" : "provider",
          actor: jobActor,
          message: `Song generation failed (${failed.status}): ${failed.detail.split("\n")[0]}`,
          stack: failed.detail,
          context: { generationId, userId, maker, status: failed.status },
        })
  }

  const start = yield* makePaidStart({ schedule })
  const request = makeGenerationRequest(start, activeMaker(config), yield* ContentChecks)

  const advance = Effect.fn("Generations.advance")(function* (
    generationId: string,
    lastAttempt: boolean,
  ) {
    yield* Effect.annotateCurrentSpan("generationId", generationId)
    const state = yield* load(generationId)
    if (state._tag !== "Running") return
    // Work in flight for an account an admin suspended ends as any failure does: refunded.
    if (yield* suspended(state.request.userId).pipe(Effect.provide(context))) {
      return yield* record(generationId)({
        _tag: "RecordFailure",
        status: "GENERATE_AUDIO_FAILED",
        reason: "The account was suspended.",
      })
    }
    const deadline = state.request.requestedAt.getTime() + Duration.toMillis(config.timeout)
    if ((yield* Clock.currentTimeMillis) > deadline) {
      return yield* record(generationId)({
        _tag: "RecordFailure",
        status: "TIMEOUT",
        reason: "The song took too long to generate.",
      })
    }
    const next = yield* makers[state.request.maker](state, record(generationId)).pipe(
      Effect.catchTag("StepFailed", (failed: StepFailed) =>
        failed.retryable && !lastAttempt
          ? Effect.fail(failed)
          : Effect.as(
              Effect.zipRight(
                reportDetail(state, failed),
                record(generationId)({
                  _tag: "RecordFailure",
                  status: failed.status,
                  reason: failed.reason,
                }),
              ),
              "done" as const,
            ),
      ),
    )
    if (next !== "done") yield* schedule(generationId, next)
  })

  const giveUp = Effect.fn("Generations.giveUp")(function* (generationId: string) {
    yield* Effect.annotateCurrentSpan("generationId", generationId)
    yield* record(generationId)({
      _tag: "RecordFailure",
      status: "GENERATE_AUDIO_FAILED",
      reason: "The server stopped while making this song, several times. Please try again.",
    })
  })

  const { status, callback, versionFile } = yield* makeGenerationReads({ load, schedule })

  return {
    start,
    request,
    advance,
    giveUp,
    status,
    callback,
    versionFile,
  } satisfies GenerationsShape
})

/** Song generations (see generations-shape.ts for each function's contract). */
export class Generations extends Context.Tag("@melody/music/Generations")<
  Generations,
  GenerationsShape
>() {
  static readonly live = Layer.effect(Generations, make)
}

/**
 * One step of a generation. Retryable failures are retried with the worker's backoff; the last attempt
 * records the failure, so the credits come back, and so does giving up a step whose workers kept vanishing.
 */
export const advanceGeneration: JobKind<typeof AdvanceGenerationPayload.Type, Generations> = {
  name: "media:advance-generation",
  payload: AdvanceGenerationPayload,
  maxAttempts: 5,
  run: ({ generationId }, job) =>
    Effect.flatMap(Generations, (generations) =>
      generations.advance(generationId, job.attempt >= job.maxAttempts),
    ),
  giveUp: ({ generationId }) =>
    Effect.flatMap(Generations, (generations) => generations.giveUp(generationId)),
}
