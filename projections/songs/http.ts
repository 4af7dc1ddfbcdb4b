import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, CurrentViewer } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { type PublicSongs, SongsApi } from "./api.ts"
import { publicSongsBody } from "./song-json.ts"
import { SongReads } from "./song-reads.ts"

const viewerId = Effect.map(CurrentViewer, (viewer) => viewer?.userId)

const publicSongsResponse = (page: PublicSongs) =>
  HttpServerResponse.uint8Array(publicSongsBody(page), { contentType: "application/json" })

export const SongsHttpLive = HttpApiBuilder.group(moduleApi(SongsApi), "songs", (handlers) =>
  Effect.gen(function* () {
    const reads = yield* SongReads
    return handlers
      .handle("publicSongs", ({ urlParams }) =>
        Effect.flatMap(viewerId, (viewer) =>
          reads.publicSongs({
            limit: urlParams.limit,
            offset: urlParams.offset,
            snapshot: urlParams.snapshot,
            viewerId: viewer,
          }),
        ).pipe(Effect.map(publicSongsResponse)),
      )
      .handle("newestSongs", ({ urlParams }) =>
        Effect.flatMap(viewerId, (viewer) =>
          reads.newestSongs({ limit: urlParams.limit, offset: urlParams.offset, viewerId: viewer }),
        ),
      )
      .handle("trendingSongs", ({ urlParams }) =>
        Effect.flatMap(viewerId, (viewer) =>
          reads.trendingSongs({
            limit: urlParams.limit,
            offset: urlParams.offset,
            viewerId: viewer,
          }),
        ),
      )
      .handle("mySongs", () => Effect.flatMap(CurrentUser, (user) => reads.mySongs(user.userId)))
      .handle("likedSongs", () =>
        Effect.flatMap(CurrentUser, (user) => reads.likedSongs(user.userId)),
      )
      .handle("dailyPlays", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => reads.dailyPlays(path.id, user.userId)),
      )
      .handle("song", ({ path }) =>
        Effect.flatMap(viewerId, (viewer) => reads.song(path.id, viewer)),
      )
  }),
)
