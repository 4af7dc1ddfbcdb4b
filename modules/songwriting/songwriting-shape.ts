import type { Effect } from "effect"
import type { SignedInUser } from "#events/contracts/auth.ts"
import type { TooManyRequests } from "#events/contracts/http-errors.ts"
import type { Writes } from "#events/handle-command.ts"
import type {
  ChatTurnResult,
  Conversation,
  DateTimeInfo,
  LyricsDraft,
  LyricsRequestPayload,
  ModelNotConfigured,
  ModelUnavailable,
  NothingToEdit,
  SongInfo,
} from "./api.ts"

type ModelRefusal = TooManyRequests | ModelNotConfigured | ModelUnavailable

/**
 * Melody's chat and the lyrics form, one function per thing a person does. A model that fails records
 * nothing; what it wrote is fitted to the lyrics box before anything records it.
 */
export interface SongwritingShape {
  /** The chat's recent messages, and the song as it stands. */
  readonly conversation: (user: SignedInUser) => Effect.Effect<Conversation>
  /**
   * One turn: Melody answers the new message in the light of the song so far, the reply's action is
   * carried out (lyrics written, the song revised or started over), and all of it is recorded at once.
   */
  readonly chat: (user: SignedInUser, content: string) => Writes<ChatTurnResult, ModelRefusal>
  readonly startNewSong: (user: SignedInUser) => Writes<Conversation>
  readonly editChatLyrics: (user: SignedInUser, lyrics: string) => Writes<SongInfo, NothingToEdit>
  /** The form's lyrics: written, recorded as the person's draft, returned. */
  readonly generateLyrics: (
    user: SignedInUser,
    brief: LyricsRequestPayload,
  ) => Writes<{ readonly lyrics: string }, ModelRefusal>
  readonly lyricsDraft: (user: SignedInUser) => Effect.Effect<LyricsDraft | null>
  readonly editLyricsDraft: (
    user: SignedInUser,
    lyrics: string,
  ) => Writes<LyricsDraft, NothingToEdit>
  /** The date and season, for Melody's context; `season` names the hemisphere. */
  readonly dateTime: (season: string | undefined) => Effect.Effect<DateTimeInfo>
}
