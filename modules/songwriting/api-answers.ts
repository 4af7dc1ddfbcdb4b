import { Schema } from "effect"
import { ActionType, ChatRole, SongStage } from "#events/contracts/songwriting.ts"
import { ModelNotConfigured, ModelUnavailable } from "./api-refusals.ts"

// The assistant's vocabulary (spec section 3: chat message, current song info, assistant reply).

export const ActionData = Schema.Struct({
  title: Schema.optional(Schema.String),
  style: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  lyrics: Schema.optional(Schema.String),
})
export type ActionData = typeof ActionData.Type

export class AssistantReply extends Schema.Class<AssistantReply>("AssistantReply")({
  message: Schema.String,
  action: Schema.Struct({ type: ActionType, data: ActionData }),
}) {}

export class SongInfo extends Schema.Class<SongInfo>("SongInfo")({
  title: Schema.String,
  description: Schema.String,
  style: Schema.String,
  lyrics: Schema.String,
  stage: SongStage,
}) {}

export class ChatMessage extends Schema.Class<ChatMessage>("ChatMessage")({
  id: Schema.String,
  role: ChatRole,
  content: Schema.String,
  /** Messages that carry lyrics show them, and a song-generation control. */
  lyrics: Schema.optional(Schema.String),
  title: Schema.optional(Schema.String),
  style: Schema.optional(Schema.String),
  showSongGeneration: Schema.Boolean,
  createdAt: Schema.Date,
}) {}

export class Conversation extends Schema.Class<Conversation>("Conversation")({
  messages: Schema.Array(ChatMessage),
  songInfo: SongInfo,
}) {}

/** The reply to a chat turn: the spec's reply, the song info after it, and the messages the turn added. */
export class ChatTurnResult extends Schema.Class<ChatTurnResult>("ChatTurnResult")({
  message: Schema.String,
  action: Schema.Struct({ type: ActionType, data: ActionData }),
  songInfo: SongInfo,
  messages: Schema.Array(ChatMessage),
}) {}

/** The chat stream's events (POST /chat/stream), each named for the SSE `event` field. */
export const chatStreamEvents = {
  /** The next piece of Melody's message, as she writes it. */
  words: Schema.Struct({ words: Schema.String }),
  turn: ChatTurnResult,
  refused: Schema.Union(ModelNotConfigured, ModelUnavailable),
}

export class LyricsResult extends Schema.Class<LyricsResult>("LyricsResult")({
  lyrics: Schema.String,
}) {}

export class LyricsDraft extends Schema.Class<LyricsDraft>("LyricsDraft")({
  title: Schema.String,
  description: Schema.String,
  style: Schema.String,
  lyrics: Schema.String,
}) {}

export class DateTimeInfo extends Schema.Class<DateTimeInfo>("DateTimeInfo")({
  datetime_info: Schema.String,
  error: Schema.optional(Schema.String),
}) {}
