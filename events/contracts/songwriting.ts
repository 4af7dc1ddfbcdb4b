import { Schema } from "effect"

/**
 * Songwriting's facts. A user's chat with Melody is the `conversation-<userId>` stream: what they wrote,
 * what Melody answered (with its action), lyrics written, the song revised, a new song started, lyrics
 * edited. Lyrics from the form live on `lyrics-draft-<userId>`.
 */

export const ActionType = Schema.Literal(
  "generate_lyrics",
  "change_style",
  "new_song",
  "none",
  "confirm",
)
export type ActionType = typeof ActionType.Type

export const ChatRole = Schema.Literal("user", "assistant", "system")
export type ChatRole = typeof ChatRole.Type

/** A song is `initial` until lyrics are written for it, then `complete`. */
export const SongStage = Schema.Literal("initial", "complete")
export type SongStage = typeof SongStage.Type

const ActionDataFields = Schema.Struct({
  title: Schema.optional(Schema.String),
  style: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  lyrics: Schema.optional(Schema.String),
})

export class UserMessagePosted extends Schema.TaggedClass<UserMessagePosted>()(
  "UserMessagePosted",
  {
    userId: Schema.String,
    messageId: Schema.String,
    content: Schema.String,
  },
) {}

export class AssistantReplied extends Schema.TaggedClass<AssistantReplied>()("AssistantReplied", {
  userId: Schema.String,
  messageId: Schema.String,
  replyTo: Schema.String,
  message: Schema.String,
  action: Schema.Struct({ type: ActionType, data: ActionDataFields }),
  /** Which model answered: "offline" or the live model's name. */
  model: Schema.String,
  /** The model's answer was unusable and the spec's fallback reply stands in for it. */
  fallback: Schema.Boolean,
}) {}

export class LyricsWritten extends Schema.TaggedClass<LyricsWritten>()("LyricsWritten", {
  userId: Schema.String,
  /** The chat message that shows them; the form has none. */
  messageId: Schema.NullOr(Schema.String),
  source: Schema.Literal("chat", "form"),
  title: Schema.String,
  description: Schema.String,
  style: Schema.String,
  lyrics: Schema.String,
  model: Schema.String,
}) {}

/** The assistant changed the song's lyrics (and its style or title) in a reply. */
export class SongRevised extends Schema.TaggedClass<SongRevised>()("SongRevised", {
  userId: Schema.String,
  messageId: Schema.String,
  title: Schema.String,
  style: Schema.String,
  lyrics: Schema.String,
}) {}

/** A new song begins: by Melody's new_song reply (that message), or by the person's button. */
export class SongStartedOver extends Schema.TaggedClass<SongStartedOver>()("SongStartedOver", {
  userId: Schema.String,
  messageId: Schema.String,
  via: Schema.Literal("assistant", "button"),
}) {}

/** The person edited lyrics by hand, in the chat's card or under the form. */
export class LyricsEdited extends Schema.TaggedClass<LyricsEdited>()("LyricsEdited", {
  userId: Schema.String,
  lyrics: Schema.String,
}) {}

export const ConversationEvent = Schema.Union(
  UserMessagePosted,
  AssistantReplied,
  LyricsWritten,
  SongRevised,
  SongStartedOver,
  LyricsEdited,
)
export type ConversationEvent = typeof ConversationEvent.Type

export const LyricsDraftEvent = Schema.Union(LyricsWritten, LyricsEdited)
export type LyricsDraftEvent = typeof LyricsDraftEvent.Type

export const songwritingStreams = {
  conversation: (userId: string) => `conversation-${userId}`,
  lyricsDraft: (userId: string) => `lyrics-draft-${userId}`,
}
