import type { Effect, Stream } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { TooManyRequests } from "#api/refusals.ts"
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

/** A chat turn as it happens: Melody's words as they are written, then the turn recorded, or why not. */
export type ChatNews =
  | { readonly _tag: "Words"; readonly words: string }
  | { readonly _tag: "Turn"; readonly result: ChatTurnResult }
  | { readonly _tag: "Refused"; readonly refusal: ModelNotConfigured | ModelUnavailable }

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
  /**
   * The same turn told as it happens, once the person may take one (`TooManyRequests` if not). The turn
   * is recorded whether or not the stream is read to its end.
   */
  readonly chatStream: (
    user: SignedInUser,
    content: string,
  ) => Writes<Stream.Stream<ChatNews>, TooManyRequests>
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
