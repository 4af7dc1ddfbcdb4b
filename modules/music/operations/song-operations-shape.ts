import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"
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

export type OperationRefusal =
  | NotFound
  | NotTheOwner
  | OperationUnsupported
  | MissingInformation
  | NothingToSing
  | InvalidOperation
  | InsufficientCredits
  | TooManyRequests
  | ContentRefused

/**
 * Operations on one's own song. Each is a paid generation whose request names the song and the operation:
 * followed, refunded and saved like any other, and refused before any debit when it cannot be done.
 */
export interface OperationsShape {
  readonly extend: (
    user: SignedInUser,
    songId: string,
    payload: ExtendPayload,
  ) => Writes<GenerationStarted, OperationRefusal>
  readonly replaceSection: (
    user: SignedInUser,
    songId: string,
    payload: ReplaceSectionPayload,
  ) => Writes<GenerationStarted, OperationRefusal>
  readonly restyle: (
    user: SignedInUser,
    songId: string,
    payload: RestylePayload,
  ) => Writes<GenerationStarted, OperationRefusal>
  /** The lyric sections of one's own song as sung (none where the engine did not make it). */
  readonly sections: (
    user: SignedInUser,
    songId: string,
  ) => Effect.Effect<ReadonlyArray<SongSection>, NotFound>
  /** The operations the maker in use can do, with their prices. */
  readonly list: Effect.Effect<SongOperations>
}
