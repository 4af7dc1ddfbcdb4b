import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { NotFound, TooManyRequests } from "#api/refusals.ts"
import type { Writes } from "#events/handle-command.ts"
import type { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"
import type {
  ExtendPayload,
  GenerationStarted,
  InvalidOperation,
  MissingInformation,
  NothingToSing,
  NotTheOwner,
  OperationUnsupported,
  ReplaceSectionPayload,
  RestylePayload,
  SongOperations,
  SongSection,
} from "../api.ts"

export type ReshapeRefusal =
  | NotFound
  | NotTheOwner
  | OperationUnsupported
  | MissingInformation
  | NothingToSing
  | InvalidOperation
  | InsufficientCredits
  | TooManyRequests

/**
 * Operations on one's own song. Each is a paid generation whose request names the song and the operation:
 * followed, refunded and saved like any other, and refused before any debit when it cannot be done.
 */
export interface SongReshapingShape {
  readonly extend: (
    user: SignedInUser,
    songId: string,
    payload: ExtendPayload,
  ) => Writes<GenerationStarted, ReshapeRefusal>
  readonly replaceSection: (
    user: SignedInUser,
    songId: string,
    payload: ReplaceSectionPayload,
  ) => Writes<GenerationStarted, ReshapeRefusal>
  readonly restyle: (
    user: SignedInUser,
    songId: string,
    payload: RestylePayload,
  ) => Writes<GenerationStarted, ReshapeRefusal>
  /** The lyric sections of one's own song as sung (none where the engine did not make it). */
  readonly sections: (
    user: SignedInUser,
    songId: string,
  ) => Effect.Effect<ReadonlyArray<SongSection>, NotFound>
  /** The operations the maker in use can do, with their prices. */
  readonly operations: Effect.Effect<SongOperations>
}
