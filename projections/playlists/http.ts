import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, CurrentViewer } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { PlaylistReadsApi } from "./api.ts"
import { PlaylistReads } from "./reads.ts"

export const PlaylistReadsHttpLive = HttpApiBuilder.group(
  moduleApi(PlaylistReadsApi),
  "playlistReads",
  (handlers) =>
    Effect.gen(function* () {
      const reads = yield* PlaylistReads
      return handlers
        .handle("myPlaylists", ({ urlParams }) =>
          Effect.flatMap(CurrentUser, (user) => reads.mine(user.userId, urlParams.songId)),
        )
        .handle("playlist", ({ path }) =>
          Effect.flatMap(CurrentViewer, (viewer) => reads.playlist(path.id, viewer?.userId)),
        )
        .handle("creatorPlaylists", ({ path }) => reads.ofCreator(path.username))
    }),
)
