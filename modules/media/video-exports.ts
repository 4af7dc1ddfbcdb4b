import { Data, Either } from "effect"
import {
  VideoExportCompleted,
  type VideoExportEvent,
  VideoExportFailed,
  VideoExportProgressed,
  VideoExportRequested,
} from "#events/contracts/media.ts"
import type { Decider } from "#events/decider.ts"

/**
 * A person's video exports, one at a time: a new export is refused while one runs, and reports about any
 * export but the running one (a retried render finishing late) change nothing.
 */

export interface RunningExport {
  readonly jobId: string
  readonly userId: string
  readonly progress: number
}

export interface VideoExportsState {
  readonly running: RunningExport | null
}

export type VideoExportCommand =
  | {
      readonly _tag: "RequestExport"
      readonly request: Omit<VideoExportRequested, "_tag">
    }
  | {
      readonly _tag: "RecordProgress"
      readonly jobId: string
      readonly progress: number
      readonly step: string
    }
  | {
      readonly _tag: "RecordCompletion"
      readonly jobId: string
      readonly videoKey: string
      readonly sizeBytes: number
    }
  | {
      readonly _tag: "RecordFailure"
      readonly jobId: string
      readonly reason: string
      readonly timedOut: boolean
    }

export class ExportInProgress extends Data.TaggedError("ExportInProgress")<{
  readonly jobId: string
}> {}

const evolve = (state: VideoExportsState, event: VideoExportEvent): VideoExportsState => {
  switch (event._tag) {
    case "VideoExportRequested":
      return { running: { jobId: event.jobId, userId: event.userId, progress: 0 } }
    case "VideoExportProgressed":
      return state.running?.jobId === event.jobId
        ? { running: { ...state.running, progress: event.progress } }
        : state
    case "VideoExportCompleted":
    case "VideoExportFailed":
      return state.running?.jobId === event.jobId ? { running: null } : state
    default: {
      const unknown: never = event
      return unknown
    }
  }
}

const decide = (
  command: VideoExportCommand,
  state: VideoExportsState,
): Either.Either<ReadonlyArray<VideoExportEvent>, ExportInProgress> => {
  if (command._tag === "RequestExport") {
    return state.running
      ? Either.left(new ExportInProgress({ jobId: state.running.jobId }))
      : Either.right([new VideoExportRequested(command.request)])
  }
  const running = state.running
  if (running?.jobId !== command.jobId) return Either.right([])
  const { userId } = running
  switch (command._tag) {
    case "RecordProgress": {
      // Progress only moves forward, and never claims the end: completion does.
      const progress = Math.min(99, Math.max(0, Math.floor(command.progress)))
      return progress > running.progress
        ? Either.right([
            new VideoExportProgressed({
              jobId: running.jobId,
              userId,
              progress,
              step: command.step,
            }),
          ])
        : Either.right([])
    }
    case "RecordCompletion":
      return Either.right([
        new VideoExportCompleted({
          jobId: running.jobId,
          userId,
          videoKey: command.videoKey,
          sizeBytes: command.sizeBytes,
        }),
      ])
    case "RecordFailure":
      return Either.right([
        new VideoExportFailed({
          jobId: running.jobId,
          userId,
          reason: command.reason,
          timedOut: command.timedOut,
        }),
      ])
    default: {
      const unknown: never = command
      return unknown
    }
  }
}

export const videoExports: Decider<
  VideoExportCommand,
  VideoExportEvent,
  VideoExportsState,
  ExportInProgress
> = { initialState: { running: null }, evolve, decide }
