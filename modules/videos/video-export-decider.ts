import { Data, Either } from "effect"
import {
  VideoExportCompleted,
  type VideoExportEvent,
  VideoExportFailed,
  VideoExportProgressed,
  VideoExportRequested,
  VideoExportStarted,
} from "#events/contracts/video-exports.ts"
import type { Decider } from "#events/decider.ts"

/**
 * A person's video exports, one at a time: a new export is refused while one runs, and reports about any
 * export but the running one (a retried render finishing late) change nothing. A render that had to start
 * over too often (its workers kept vanishing) fails instead of looping.
 */

export interface RunningExport {
  readonly request: Omit<VideoExportRequested, "_tag">
  readonly progress: number
  /** How many times a worker began rendering it. */
  readonly starts: number
}

/** A render may begin this many times; the next start fails the export visibly. */
export const maxRenderStarts = 3

export const interruptedReason =
  "The server stopped during the render several times. Please try again in a few minutes."

export interface VideoExportsState {
  readonly running: RunningExport | null
}

export type VideoExportCommand =
  | {
      readonly _tag: "RequestExport"
      readonly request: Omit<VideoExportRequested, "_tag">
    }
  | { readonly _tag: "StartRender"; readonly jobId: string }
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
    case "VideoExportRequested": {
      const { _tag, ...request } = event
      return { running: { request, progress: 0, starts: 0 } }
    }
    case "VideoExportStarted":
      return state.running?.request.jobId === event.jobId
        ? { running: { ...state.running, starts: event.attempt } }
        : state
    case "VideoExportProgressed":
      return state.running?.request.jobId === event.jobId
        ? { running: { ...state.running, progress: event.progress } }
        : state
    case "VideoExportCompleted":
    case "VideoExportFailed":
      return state.running?.request.jobId === event.jobId ? { running: null } : state
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
      ? Either.left(new ExportInProgress({ jobId: state.running.request.jobId }))
      : Either.right([new VideoExportRequested(command.request)])
  }
  const running = state.running
  if (running?.request.jobId !== command.jobId) return Either.right([])
  const { jobId, userId } = running.request
  switch (command._tag) {
    case "StartRender":
      return Either.right([
        running.starts >= maxRenderStarts
          ? new VideoExportFailed({ jobId, userId, reason: interruptedReason, timedOut: false })
          : new VideoExportStarted({ jobId, userId, attempt: running.starts + 1 }),
      ])
    case "RecordProgress": {
      // Progress only moves forward, and never claims the end: completion does.
      const progress = Math.min(99, Math.max(0, Math.floor(command.progress)))
      return progress > running.progress
        ? Either.right([
            new VideoExportProgressed({
              jobId,
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
          jobId,
          userId,
          videoKey: command.videoKey,
          sizeBytes: command.sizeBytes,
        }),
      ])
    case "RecordFailure":
      return Either.right([
        new VideoExportFailed({
          jobId,
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
