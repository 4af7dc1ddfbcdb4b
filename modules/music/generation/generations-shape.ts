import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"
import type { GeneratedVersion } from "#events/contracts/media.ts"
import type { Writes } from "#events/handle-command.ts"
import type { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"
import type {
  GenerateSongPayload,
  GenerationStarted,
  MissingInformation,
  NothingToSing,
  SongStatus,
} from "../api.ts"
import type { StepFailed } from "../makers/music-maker.ts"
import type { PaidStart } from "./paid-start.ts"

/**
 * Song generations, from the request that pays for one to its versions' files. A generation runs as jobs
 * on the worker, one step at a time, with the offline engine or the music API; a failed one is refunded
 * once by billing's reaction.
 */
export interface GenerationsShape {
  /** Debit, request and first step commit together: credits are never taken for nothing. */
  readonly request: (
    user: SignedInUser,
    payload: GenerateSongPayload,
  ) => Writes<
    GenerationStarted,
    | TooManyRequests
    | InsufficientCredits
    | MissingInformation
    | NothingToSing
    | NotFound
    | ContentRefused
  >
  /** The debit and request every paid song goes through, from scratch or by an operation. */
  readonly start: PaidStart
  /**
   * One step of a running generation. A retryable failure is returned for the job to try again, unless
   * this is the last attempt: then the failure is recorded.
   */
  readonly advance: (generationId: string, lastAttempt: boolean) => Effect.Effect<void, StepFailed>
  /**
   * Fails a running generation whose step's worker vanished during its last attempt (a crash, `kill -9`,
   * every time), so its credits come back; a generation already ended stays as it is.
   */
  readonly giveUp: (generationId: string) => Effect.Effect<void>
  /** The owner's view of a generation (spec: check-song-status). */
  readonly status: (user: SignedInUser, generationId: string) => Effect.Effect<SongStatus, NotFound>
  /** The music API's callback only says "look now": the poll that follows is the truth. */
  readonly callback: (
    secret: string,
    generationId: string,
  ) => Effect.Effect<{ readonly code: number; readonly msg: string }, NotFound>
  /** A version's stored file, for its owner only. */
  readonly versionFile: (
    user: SignedInUser,
    generationId: string,
    index: number,
  ) => Effect.Effect<{ readonly version: GeneratedVersion; readonly title: string }, NotFound>
}
