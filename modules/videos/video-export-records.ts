import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { VideoExportEvent, videoStreams } from "#events/contracts/video-exports.ts"
import { loadAggregate } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { type VideoExportCommand, videoExports } from "./video-export-decider.ts"
import { exportView } from "./video-export-status.ts"

const jobActor = Actors.system("media")

export const exportStream = (userId: string) => ({
  decider: videoExports,
  events: VideoExportEvent,
  streamId: videoStreams.exports(userId),
})

/**
 * A person's exports as the service and the render job read and record them: the running export, the
 * workers' reports, and one export's status.
 */
export const makeExportRecords = Effect.gen(function* () {
  const store = yield* EventStore
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  const running = (userId: string) =>
    loadAggregate(exportStream(userId)).pipe(
      Effect.map((loaded) => loaded.state.running),
      Effect.orDie,
      Effect.provide(context),
    )

  const record = (
    userId: string,
    command: Exclude<VideoExportCommand, { _tag: "RequestExport" }>,
  ) =>
    runCommand({ ...exportStream(userId), command, actor: jobActor }).pipe(
      // Only a request can be refused; reports about another export change nothing.
      Effect.orDie,
      Effect.asVoid,
      Effect.provide(context),
    )

  const view = (userId: string, jobId: string) =>
    Effect.gen(function* () {
      const recorded = yield* store.readStream(videoStreams.exports(userId))
      return exportView(yield* decodeAll(VideoExportEvent)(recorded), jobId)
    }).pipe(Effect.orDie)

  return { running, record, view }
})
