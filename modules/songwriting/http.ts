import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#events/contracts/api-id.ts"
import { CurrentUser } from "#events/contracts/auth.ts"
import { LyricsResult, SongwritingApi } from "./api.ts"
import { Songwriting } from "./songwriting.ts"

const Api = moduleApi(SongwritingApi)

export const SongwritingHttpLive = HttpApiBuilder.group(Api, "songwriting", (handlers) =>
  Effect.gen(function* () {
    const songwriting = yield* Songwriting

    return handlers
      .handle("conversation", () => Effect.flatMap(CurrentUser, songwriting.conversation))
      .handle("chat", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => songwriting.chat(user, payload.message)),
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
