import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#events/contracts/auth.ts"
import { TooManyRequests } from "#events/contracts/http-errors.ts"
import { withMessage } from "#events/contracts/messages.ts"
import { ActionType, ChatRole, lyricsLimit, SongStage } from "#events/contracts/songwriting.ts"

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

// Refusals

/** The language model's key is missing or refused: only an operator can fix that. */
export class ModelNotConfigured extends Schema.TaggedError<ModelNotConfigured>()(
  "ModelNotConfigured",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}

/** The language model failed or did not answer in time; nothing was recorded. */
export class ModelUnavailable extends Schema.TaggedError<ModelUnavailable>()(
  "ModelUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 502 }),
) {}

/** Lyrics can be edited once they exist. */
export class NothingToEdit extends Schema.TaggedError<NothingToEdit>()(
  "NothingToEdit",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

// Payloads, with the spec's messages (section 5)

const field = <A, I>(schema: Schema.Schema<A, I>, missing: string) =>
  Schema.propertySignature(schema).annotations({ missingMessage: () => missing })

const text = (name: string, max: number, required: string, tooLong: string) =>
  field(
    Schema.Trim.pipe(
      Schema.compose(withMessage(Schema.String, required)),
      Schema.filter((s) => s.length > 0 || required),
      Schema.filter((s) => s.length <= max || tooLong),
    ).annotations({ title: name }),
    required,
  )

export const LyricsRequestPayload = Schema.Struct({
  title: text("title", 200, "Title is required", "Title must be less than 200 characters"),
  description: text(
    "description",
    2000,
    "Description is required",
    "Description must be less than 2000 characters",
  ),
  style: text("style", 200, "Style is required", "Style must be less than 200 characters"),
}).annotations({ parseOptions: { errors: "all" } })
export type LyricsRequestPayload = typeof LyricsRequestPayload.Type

const emptyMessage = "Type a message for Melody first."

export const ChatPayload = Schema.Struct({
  message: field(
    Schema.Trim.pipe(
      Schema.compose(withMessage(Schema.String, emptyMessage)),
      Schema.filter((s) => s.length > 0 || emptyMessage),
      Schema.filter((s) => s.length <= 4000 || "A message can be at most 4000 characters."),
    ),
    emptyMessage,
  ),
})

const lyricsTooLong = `Lyrics can be at most ${lyricsLimit} characters.`
export const LyricsEditPayload = Schema.Struct({
  lyrics: field(
    withMessage(Schema.String, lyricsTooLong).pipe(
      Schema.filter((s) => s.length <= lyricsLimit || lyricsTooLong),
    ),
    "The lyrics are missing.",
  ),
})

export const DateTimeParams = Schema.Struct({
  season: Schema.optional(Schema.String.pipe(Schema.maxLength(40))),
})

export class SongwritingApi extends HttpApiGroup.make("songwriting")
  .add(
    HttpApiEndpoint.get("conversation", "/chat").addSuccess(Conversation).middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("chat", "/chat")
      .setPayload(ChatPayload)
      .addSuccess(ChatTurnResult)
      .addError(ModelNotConfigured)
      .addError(ModelUnavailable)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("startNewSong", "/chat/new-song")
      .addSuccess(Conversation)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("editChatLyrics", "/chat/lyrics")
      .setPayload(LyricsEditPayload)
      .addSuccess(SongInfo)
      .addError(NothingToEdit)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("generateLyrics", "/generate-lyrics")
      .setPayload(LyricsRequestPayload)
      .addSuccess(LyricsResult)
      .addError(ModelNotConfigured)
      .addError(ModelUnavailable)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("lyricsDraft", "/lyrics/draft")
      .addSuccess(Schema.NullOr(LyricsDraft))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.put("editLyricsDraft", "/lyrics/draft")
      .setPayload(LyricsEditPayload)
      .addSuccess(LyricsDraft)
      .addError(NothingToEdit)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("datetime", "/datetime")
      .setUrlParams(DateTimeParams)
      .addSuccess(DateTimeInfo),
  )
  .annotate(
    OpenApi.Description,
    "Melody, the songwriting assistant: the chat, lyrics from the chat or the form, the date for context.",
  ) {}
