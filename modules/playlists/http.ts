import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { PlaylistsApi } from "./api.ts"
import { Playlists } from "./playlists.ts"

export const PlaylistsHttpLive = HttpApiBuilder.group(
  moduleApi(PlaylistsApi),
  "playlists",
  (handlers) =>
    Effect.gen(function* () {
      const playlists = yield* Playlists
      const asUser = <A, E, R>(run: (user: typeof CurrentUser.Service) => Effect.Effect<A, E, R>) =>
        Effect.flatMap(CurrentUser, run)
      return handlers
        .handle("createPlaylist", ({ payload }) => asUser((u) => playlists.create(u, payload)))
        .handle("editPlaylist", ({ path, payload }) =>
          asUser((u) => playlists.edit(u, path.id, payload)),
        )
        .handle("setPlaylistPrivacy", ({ path, payload }) =>
          asUser((u) => playlists.setPrivacy(u, path.id, payload.isPublic)),
        )
        .handle("addPlaylistSong", ({ path }) =>
          asUser((u) => playlists.addSong(u, path.id, path.songId)),
        )
        .handle("removePlaylistSong", ({ path }) =>
          asUser((u) => playlists.removeSong(u, path.id, path.songId)),
        )
        .handle("reorderPlaylist", ({ path, payload }) =>
          asUser((u) => playlists.reorder(u, path.id, payload.songIds)),
        )
        .handle("deletePlaylist", ({ path }) => asUser((u) => playlists.delete(u, path.id)))
    }),
)
