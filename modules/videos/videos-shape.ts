import type { HttpServerResponse } from "@effect/platform"
import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { NotFound } from "#api/refusals.ts"
import type { Writes } from "#events/handle-command.ts"
import type {
  ExportVideoPayload,
  LyricsNotTimed,
  NoAudioForVideo,
  VideoExport,
  VideoExportRunning,
  VideoRenderFailed,
  VideoTimedOut,
} from "./api.ts"

type Served<E = never> = Effect.Effect<HttpServerResponse.HttpServerResponse, NotFound | E>

/**
 * A person's video exports: one running at a time, rendered by a job on the worker within its time limit,
 * its MP4 kept in media storage. Another person's export is "not found".
 */
export interface VideosShape {
  /**
   * Request, bookkeeping and the render job commit together: an export is never queued halfway. The song
   * is named by id or by its audio link, the caller's own or public, with its audio stored; the answer is
   * the export's id.
   */
  readonly request: (
    user: SignedInUser,
    payload: ExportVideoPayload,
  ) => Writes<string, NotFound | NoAudioForVideo | LyricsNotTimed | VideoExportRunning>
  readonly status: (user: SignedInUser, jobId: string) => Effect.Effect<VideoExport, NotFound>
  /** The finished MP4, whole or the range asked for; an attachment to save when `download` is set. */
  readonly file: (
    user: SignedInUser,
    jobId: string,
    download: boolean,
    rangeHeader?: string,
  ) => Served
  /** For the spec's call, which waits for the file: the export's end, then the MP4 or why not. */
  readonly awaitFile: (
    user: SignedInUser,
    jobId: string,
    durationSeconds: number,
  ) => Served<VideoRenderFailed | VideoTimedOut>
  /** The render job's one step; the last attempt records the failure. */
  readonly render: (userId: string, jobId: string, lastAttempt: boolean) => Effect.Effect<void>
  /**
   * Fails an export whose render's worker vanished during its last attempt (a crash, `kill -9`, every
   * time); an export already ended stays as it is.
   */
  readonly giveUp: (userId: string, jobId: string) => Effect.Effect<void>
}
