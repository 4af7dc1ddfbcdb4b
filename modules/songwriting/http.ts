import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Schema, Stream } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { chatStreamEvents, LyricsResult, SongwritingApi } from "./api.ts"
import { Songwriting } from "./songwriting.ts"
import type { ChatNews } from "./songwriting-shape.ts"

const event = <A, I>(name: keyof typeof chatStreamEvents, schema: Schema.Schema<A, I>, data: A) =>
  `event: ${name}\ndata: ${JSON.stringify(Schema.encodeSync(schema)(data))}\n\n`

/** One piece of a chat turn as a Server-Sent Event. */
const eventOf = (news: ChatNews) => {
  switch (news._tag) {
    case "Words":
      return event("words", chatStreamEvents.words, { words: news.words })
    case "Turn":
      return event("turn", chatStreamEvents.turn, news.result)
    case "Refused":
      return event("refused", chatStreamEvents.refused, news.refusal)
  }
}

const Api = moduleApi(SongwritingApi)

export const SongwritingHttpLive = HttpApiBuilder.group(Api, "songwriting", (handlers) =>
  Effect.gen(function* () {
    const songwriting = yield* Songwriting

    return handlers
      .handle("conversation", () => Effect.flatMap(CurrentUser, songwriting.conversation))
      .handle("chat", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => songwriting.chat(user, payload.message)),
      )
      .handle("chatStream", ({ payload }) =>
        Effect.gen(function* () {
          const news = yield* songwriting.chatStream(yield* CurrentUser, payload.message)
          return HttpServerResponse.stream(Stream.encodeText(Stream.map(news, eventOf)), {
            contentType: "text/event-stream",
            headers: { "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
          })
        }),
      )
      .handle("startNewSong", () => Effect.flatMap(CurrentUser, songwriting.startNewSong))
      .handle("editChatLyrics", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => songwriting.editChatLyrics(user, payload.lyrics)),
      )
      .handle("generateLyrics", ({ payload }) =>
        Effect.map(
          Effect.flatMap(CurrentUser, (user) => songwriting.generateLyrics(user, payload)),
          (written) => new LyricsResult(written),
        ),
      )
      .handle("lyricsDraft", () => Effect.flatMap(CurrentUser, songwriting.lyricsDraft))
      .handle("editLyricsDraft", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => songwriting.editLyricsDraft(user, payload.lyrics)),
      )
      .handle("datetime", ({ urlParams }) => songwriting.dateTime(urlParams.season))
  }),
)
