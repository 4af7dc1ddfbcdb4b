import type { SqlClient } from "@effect/sql"
import { Clock, Context, Duration, Effect, Layer, Schema } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { runCommand } from "#events/handle-command.ts"
import type { EventStore } from "#events/store/index.ts"
import { fromNow } from "#toolkit/clock.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { type JobKind, JobQueue } from "#toolkit/jobs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { MusicConfig } from "../config.ts"
import { makeEngineStems } from "./engine-stems.ts"
import { makeMusicApiStems, separationFailure } from "./music-api-stems.ts"
import { failure, type StemsCommand, type StemsState } from "./stems-decider.ts"
import { stemsOf, stemsSource, stemsState } from "./stems-source.ts"

export const MakeStemsPayload = Schema.Struct({ versionId: Schema.String })

const actor = Actors.system("stems")
const failed = "The stems could not be made. Please try again."
const tooLong = "The music service took too long to take this song apart."
const interrupted = "The server stopped while making the stems, several times. Please try again."

type Making = Extract<StemsState, { _tag: "Making" }>

const make = Effect.gen(function* () {
  const engineStems = yield* makeEngineStems
  const musicApiStems = yield* makeMusicApiStems
  const jobs = yield* JobQueue
  const config = yield* MusicConfig
  const storage = yield* FileStorage
  const reports = yield* ErrorReports
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  const record = (versionId: string, command: StemsCommand) =>
    runCommand({ ...stemsOf(versionId), command, actor }).pipe(Effect.asVoid)

  /**
   * Made stems are recorded; a zip no longer wanted (they failed meanwhile: their song was deleted, see
   * deleted-song-stems.ts) leaves storage rather than stay there for nobody.
   */
  const recordMade = (
    versionId: string,
    made: { readonly key: string; readonly sizeBytes: number },
  ) =>
    Effect.gen(function* () {
      const { events } = yield* runCommand({
        ...stemsOf(versionId),
        command: { _tag: "RecordStems", key: made.key, sizeBytes: made.sizeBytes },
        actor,
      })
      if (events.length > 0) return
      const state = yield* stemsState(versionId)
      if (state._tag !== "Made") yield* storage.remove(made.key).pipe(Effect.orDie)
    })

  const lookAgain = (versionId: string) =>
    Effect.flatMap(fromNow(config.pollInterval), (runAt) =>
      jobs.enqueue(makeStems, { versionId }, { key: `stems-${versionId}`, runAt }),
    )

  /** The engine plays the version again part by part; a failure is recorded, to be asked again. */
  /** What the maker said of a failure, for admins: the person reads only the failure's sentence. */
  const reportDetail = (state: Making, detail: string) =>
    reports.record({
      source: state.order.maker === "engine" ? "job" : "provider",
      actor,
      message: `Stems failed: ${detail.split("\n")[0]}`,
      stack: detail,
      context: {
        versionId: state.order.versionId,
        songId: state.order.songId,
        userId: state.order.userId,
        maker: state.order.maker,
      },
    })

  const byEngine = (versionId: string, state: Making) =>
    Effect.gen(function* () {
      const source = yield* stemsSource(versionId)
      if (source.maker !== "engine") return yield* Effect.die("stems asked of the engine")
      return yield* engineStems(source)
    }).pipe(
      Effect.either,
      Effect.flatMap((made) =>
        made._tag === "Right"
          ? recordMade(versionId, made.right)
          : Effect.zipRight(
              reportDetail(
                state,
                "reason" in made.left
                  ? `The music engine failed: ${made.left.reason}`
                  : made.left.message,
              ),
              record(versionId, failure(state, failed)),
            ),
      ),
    )

  /**
   * One look at the music API's separation: submitted, waiting (looked at again after the poll interval),
   * made, or failed. A refusal that may pass is retried by the job until its last attempt, which records
   * the failure; so does a separation past the generation timeout. A recorded failure refunds.
   */
  const byMusicApi = (versionId: string, state: Making, lastAttempt: boolean) =>
    Effect.gen(function* () {
      const fail = (reason: string, detail?: string) =>
        Effect.zipRight(
          detail === undefined ? Effect.void : reportDetail(state, detail),
          record(versionId, failure(state, reason)),
        )
      const deadline = state.order.requestedAt.getTime() + Duration.toMillis(config.timeout)
      if ((yield* Clock.currentTimeMillis) > deadline) return yield* fail(tooLong)
      const source = yield* stemsSource(versionId)
      if (source.maker !== "music-api") return yield* Effect.die("stems asked of the music API")
      const step = yield* musicApiStems(source, state.makerTaskId).pipe(
        Effect.tapError((error) => Effect.logWarning("Stems: the music service", error)),
        Effect.catchAll((error) =>
          (error._tag === "MusicApiRefused" && !error.retryable) || lastAttempt
            ? Effect.succeed({
                _tag: "Failed",
                detail: `The separation could not go on: ${"reason" in error ? error.reason : error.message}`,
              } as const)
            : Effect.fail(error),
        ),
      )
      switch (step._tag) {
        case "Submitted":
          yield* record(versionId, { _tag: "RecordSubmission", makerTaskId: step.taskId })
          return yield* lookAgain(versionId)
        case "Waiting":
          return yield* lookAgain(versionId)
        case "Made":
          return yield* recordMade(versionId, step)
        case "Failed":
          return yield* fail(separationFailure, step.detail)
      }
    })

  const makeFor = Effect.fn("Stems.make")(function* (versionId: string, lastAttempt: boolean) {
    const state = yield* stemsState(versionId)
    if (state._tag !== "Making") return
    if (state.order.maker === "engine") return yield* byEngine(versionId, state)
    return yield* byMusicApi(versionId, state, lastAttempt).pipe(
      // A version the request found could be taken apart always can; were it not, it fails, refunded.
      Effect.catchTag("StemsUnavailable", (unavailable) =>
        record(versionId, { _tag: "RecordFailure", reason: unavailable.message }),
      ),
    )
  })

  /** Stems whose worker vanished during the job's last attempt fail, refunded (no-op once ended). */
  const giveUp = Effect.fn("Stems.giveUp")(function* (versionId: string) {
    const state = yield* stemsState(versionId)
    if (state._tag === "Making") yield* record(versionId, failure(state, interrupted))
  })

  return {
    make: (versionId: string, lastAttempt: boolean) =>
      makeFor(versionId, lastAttempt).pipe(Effect.provide(context)),
    giveUp: (versionId: string) => giveUp(versionId).pipe(Effect.provide(context)),
  }
})

/** Makes the stems a person asked for (stems.ts), in the background. */
export class StemsMaker extends Context.Tag("@melody/music/StemsMaker")<
  StemsMaker,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(StemsMaker, make)
}

export const makeStems: JobKind<typeof MakeStemsPayload.Type, StemsMaker> = {
  name: "media:make-stems",
  payload: MakeStemsPayload,
  maxAttempts: 5,
  run: ({ versionId }, job) =>
    Effect.flatMap(StemsMaker, (maker) => maker.make(versionId, job.attempt >= job.maxAttempts)),
  giveUp: ({ versionId }) => Effect.flatMap(StemsMaker, (maker) => maker.giveUp(versionId)),
}
