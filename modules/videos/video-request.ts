import { Data } from "effect"
import type { VideoFormat } from "#events/contracts/video-exports.ts"
import { videoTimedOutMessage } from "./api-video-formats.ts"

/** Why a render did not give a video; `timedOut` when it ran past its time. */
export class RenderFailed extends Data.TaggedError("RenderFailed")<{
  readonly reason: string
  readonly timedOut: boolean
}> {}

/** A lyric line and when it is on screen, in milliseconds. */
export interface TimedLine {
  readonly text: string
  readonly startMs: number
  readonly endMs: number
}

/** One video to render: the song's files, its title, the format and where the MP4 goes. */
export interface VideoRequest {
  readonly format: VideoFormat
  readonly audioPath: string
  readonly coverPath: string | null
  readonly title: string
  /** 'Show lyrics': each line, drawn while it is sung; null for none. */
  readonly lyrics?: ReadonlyArray<TimedLine> | null
  readonly durationSeconds: number
  /** Where the formats' looping backgrounds are: web/public/assets/video-backgrounds in the repository. */
  readonly backgroundsDir: string
  readonly outputPath: string
  /** Instead of max(300 s, 3 x the song): a test forces a timeout with a tiny one. */
  readonly timeoutMs?: number
}

export const timedOutReason = videoTimedOutMessage

/** A render that did not finish, for a reason told in `reason`. */
export const failed = (reason: string) => new RenderFailed({ reason, timedOut: false })
