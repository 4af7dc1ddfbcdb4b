import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"
import { TooManyRequests } from "#api/refusals.ts"
import {
  ChatTurnResult,
  Conversation,
  DateTimeInfo,
  LyricsDraft,
  LyricsResult,
  SongInfo,
} from "./api-answers.ts"
import {
  ChatPayload,
  DateTimeParams,
  LyricsEditPayload,
  LyricsRequestPayload,
} from "./api-payloads.ts"
import { ModelNotConfigured, ModelUnavailable, NothingToEdit } from "./api-refusals.ts"

export * from "./api-answers.ts"
export * from "./api-payloads.ts"
export * from "./api-refusals.ts"

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
    HttpApiEndpoint.post("chatStream", "/chat/stream")
      .setPayload(ChatPayload)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "text/event-stream" }))
      .addError(TooManyRequests)
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        "The chat turn told as it happens, as Server-Sent Events: `words` ({words}) as Melody writes her message, then `turn` (the chat's answer) once it is recorded, or `refused` (ModelNotConfigured or ModelUnavailable) if the model failed and nothing was recorded.",
      ),
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
