import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, CurrentViewer } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { CreatorsApi } from "./api.ts"
import { CreatorReads } from "./reads.ts"

const viewerId = Effect.map(CurrentViewer, (viewer) => viewer?.userId)

export const CreatorsHttpLive = HttpApiBuilder.group(
  moduleApi(CreatorsApi),
  "creators",
  (handlers) =>
    Effect.gen(function* () {
      const reads = yield* CreatorReads
      return handlers
        .handle("creator", ({ path }) =>
          Effect.flatMap(viewerId, (viewer) => reads.profile(path.username, viewer)),
        )
        .handle("creatorSongs", ({ path }) =>
          Effect.flatMap(viewerId, (viewer) => reads.songs(path.username, viewer)),
        )
        .handle("followers", ({ path }) => reads.followers(path.username))
        .handle("following", ({ path }) => reads.following(path.username))
        .handle("blocked", () => Effect.flatMap(CurrentUser, (user) => reads.blocked(user.userId)))
        .handle("followingSongs", ({ urlParams }) =>
          Effect.flatMap(CurrentUser, (user) => reads.followingSongs(user.userId, urlParams)),
        )
    }),
)
